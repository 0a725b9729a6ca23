import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issuePickerTicket } from '../domain/crm/picker-ticket';
import { hubspotSignatureV3 } from '../kernel/hubspot-signature';
import { assertSigned } from './signed-requests';
import type { SignedRequestDeps, TSignedRequest } from './signed-requests';

const SECRET = 'hubspot-app-secret';
const ticketKey = randomBytes(32);
const now = Date.parse('2026-11-26T18:00:00.000Z');
const deps: SignedRequestDeps = {
  secrets: async () => SECRET,
  ticketKey: async () => ticketKey,
  hubspotAppId: '1234567',
  now,
};

/** A GET to the card's add call, with the given query, signed by HubSpot unless `signed` is false. */
function request(query: Record<string, string[]>, options: { signed?: boolean; ticket?: string } = {}): TSignedRequest {
  const search = Object.entries(query)
    .flatMap(([name, values]) => values.map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(v)}`))
    .join('&');
  const timestamp = String(now);
  const signature = hubspotSignatureV3(SECRET, {
    method: 'GET',
    uri: `https://api.bidgrid.example/public/crmcard/add-company-to-campaign?${search}`,
    body: '',
    timestamp,
  });
  return {
    headers: {
      host: 'api.bidgrid.example',
      'x-forwarded-proto': 'https',
      ...(options.signed === false
        ? {}
        : { 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp }),
      ...(options.ticket ? { 'x-bidgrid-picker-ticket': options.ticket } : {}),
    },
    method: 'GET',
    path: '/public/crmcard/add-company-to-campaign',
    stagePath: null,
    query,
    rawBody: null,
  };
}

const addQuery = { portalId: ['4410001'], domain: ['hooli.example'], companyName: ['Hooli'] };
const ticketFor = (portalId: number, domain = 'hooli.example') =>
  issuePickerTicket({ portalId, domain, companyName: 'Hooli' }, ticketKey, new Date(now)).ticket;

describe('assertSigned for the CRM card', () => {
  it('takes a picker ticket instead of the signature on the picker calls only', async () => {
    // Prepare
    const withTicket = request(addQuery, { signed: false, ticket: ticketFor(4410001) });

    // Act + Assess
    await expect(assertSigned('hubspot-signed-or-ticket', withTicket, deps)).resolves.toBeNull();
    await expect(assertSigned('hubspot-signed', withTicket, deps)).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a ticket of another portal or company, and a query that repeats the ticket's values differently", async () => {
    // Prepare
    const otherPortal = request(addQuery, { signed: false, ticket: ticketFor(4410002) });
    const otherDomain = request(addQuery, { signed: false, ticket: ticketFor(4410001, 'initech.example') });
    const repeated = request(
      { ...addQuery, portalId: ['4410001', '4410002'] },
      { signed: false, ticket: ticketFor(4410001) },
    );

    // Act + Assess
    for (const refused of [otherPortal, otherDomain, repeated]) {
      await expect(assertSigned('hubspot-signed-or-ticket', refused, deps)).rejects.toMatchObject({ status: 401 });
    }
  });

  it('still takes the signature on the picker calls, and refuses neither signature nor ticket', async () => {
    // Act + Assess
    await expect(assertSigned('hubspot-signed-or-ticket', request(addQuery), deps)).resolves.toEqual(
      expect.any(String),
    );
    await expect(
      assertSigned('hubspot-signed-or-ticket', request(addQuery, { signed: false }), deps),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a signed call naming another app, and takes ours', async () => {
    // Prepare
    const ours = request({ ...addQuery, appId: ['1234567'] });
    const another = request({ ...addQuery, appId: ['7654321'] });

    // Act + Assess
    await expect(assertSigned('hubspot-signed', ours, deps)).resolves.toEqual(expect.any(String));
    await expect(assertSigned('hubspot-signed', another, deps)).rejects.toMatchObject({ status: 401 });
    await expect(assertSigned('hubspot-signed', another, { ...deps, hubspotAppId: null })).resolves.toEqual(
      expect.any(String),
    );
  });

  it('names a signed request by its signature: a replay, however its base64 is spelled, has the same name', async () => {
    // Prepare
    const signed = request(addQuery);
    const signature = signed.headers['x-hubspot-signature-v3'] ?? '';
    const respelled = {
      ...signed,
      headers: { ...signed.headers, 'x-hubspot-signature-v3': signature.replace(/=+$/, '') },
    };
    const another = request({ ...addQuery, companyName: ['Hooli Inc'] });

    // Act
    const [first, replay, other] = await Promise.all(
      [signed, respelled, another].map((r) => assertSigned('hubspot-signed', r, deps)),
    );

    // Assess
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(replay).toBe(first);
    expect(other).not.toBe(first);
  });
});
