import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  candidateRequestUris,
  hubspotSignatureProblem,
  hubspotSignatureV3,
  hubspotSigningUri,
} from './hubspot-signature';

const SECRET = 'app-client-secret';
const NOW = Date.parse('2026-11-25T12:00:00Z');

/** HubSpot's recipe, written out independently: base64 HMAC-SHA256 of method + URI + body + timestamp. */
const reference = (uri: string, body: string, timestamp: string) =>
  createHmac('sha256', SECRET).update(`PUT${uri}${body}${timestamp}`).digest('base64');

describe('HubSpot v3 request signature', () => {
  const uri = 'https://api.bidgrid.example/public/crmcard/line-item-status?portalId=4410001&userEmail=a%40b.co';
  const body = '{"beeswaxLineItemId":12,"active":false}';
  const timestamp = String(NOW - 1000);

  it('signs as HubSpot does, with the listed encodings decoded in the URI', () => {
    expect(hubspotSigningUri(uri)).toContain('userEmail=a@b.co');
    expect(hubspotSignatureV3(SECRET, { method: 'put', uri, body, timestamp })).toBe(
      reference(uri.replace('%40', '@'), body, timestamp),
    );
  });

  it('accepts a good signature on any candidate URI and refuses missing, stale and wrong ones', () => {
    const signature = reference(uri.replace('%40', '@'), body, timestamp);
    const check = (overrides: Partial<Parameters<typeof hubspotSignatureProblem>[0]>) =>
      hubspotSignatureProblem({
        clientSecret: SECRET,
        method: 'PUT',
        uris: ['https://api.bidgrid.example/prod/public/crmcard/line-item-status?x=1', uri],
        body,
        signature,
        timestamp,
        now: NOW,
        ...overrides,
      });
    expect(check({})).toBeNull();
    expect(check({ signature: undefined })).toBe('missing');
    expect(check({ timestamp: String(NOW - 5 * 60_000 - 1) })).toBe('stale');
    expect(check({ timestamp: String(NOW + 6 * 60_000) })).toBe('stale');
    expect(check({ body: '{"beeswaxLineItemId":12,"active":true}' })).toBe('mismatch');
    expect(check({ clientSecret: 'another' })).toBe('mismatch');
  });

  it('rebuilds the request URIs behind API Gateway, with and without the stage', () => {
    const uris = candidateRequestUris({
      headers: { host: 'api.bidgrid.example', 'x-forwarded-proto': 'https' },
      path: '/public/crmcard/line-item-status',
      stagePath: '/prod/public/crmcard/line-item-status',
      query: { portalId: ['4410001'], userEmail: ['a@b.co'] },
    });
    expect(uris).toEqual([
      'https://api.bidgrid.example/public/crmcard/line-item-status?portalId=4410001&userEmail=a%40b.co',
      'https://api.bidgrid.example/prod/public/crmcard/line-item-status?portalId=4410001&userEmail=a%40b.co',
    ]);
    expect(
      candidateRequestUris({ headers: { host: '127.0.0.1:4000' }, path: '/p', stagePath: null, query: {} }),
    ).toEqual(['http://127.0.0.1:4000/p']);
  });

  it('also rebuilds a form-encoded query, where a space is a plus sign', () => {
    // Act
    const uris = candidateRequestUris({
      headers: { host: 'api.bidgrid.example', 'x-forwarded-proto': 'https' },
      path: '/public/crmcard/add-company-to-campaign',
      stagePath: null,
      query: { portalId: ['4410001'], companyName: ['Hooli Inc'] },
    });

    // Assess
    expect(uris).toEqual([
      'https://api.bidgrid.example/public/crmcard/add-company-to-campaign?portalId=4410001&companyName=Hooli%20Inc',
      'https://api.bidgrid.example/public/crmcard/add-company-to-campaign?portalId=4410001&companyName=Hooli+Inc',
    ]);
  });
});
