import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_FORM_MEDIA_TYPE_ERROR, UNSUPPORTED_JSON_MEDIA_TYPE_ERROR } from '@bidgrid/shared/api/envelope';
import { advertiser, creative } from '@bidgrid/shared';
import { accessTokenFor, callOperation, request } from '../support/api';
import { appItem } from '../support/local-data';
import { stackInfo } from '../support/stack';

/** Audit item 7: bodies are read only as the type they declare, and names shown to others are clean. */

const body = (name: string) => ({
  name,
  phone: '+1 512 555 0100',
  address_1: '1 Test St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  domain: `hygiene-${randomUUID().slice(0, 8)}.example`,
});

describe('reply headers', () => {
  it('sends no-store and nosniff on authenticated JSON, refusals and the gateway’s own replies', async () => {
    // Prepare: demo's advertiser (its billing e-mail and card digits), a refusal, and the gateway's 401 and 404.
    const token = await accessTokenFor('demo');
    const api = stackInfo().apiUrl;
    const calls: Array<[string, string, RequestInit]> = [
      ['GET', '/api/advertiser/bgAdvertiser-demo-acme', { headers: { authorization: `Bearer ${token}` } }],
      ['GET', '/api/advertiser/not-an-id', { headers: { authorization: `Bearer ${token}` } }],
      ['GET', '/api/advertiser/bgAdvertiser-demo-acme', {}],
      ['GET', '/api/no/such/route', {}],
      ['POST', '/public/stripe/webhook', { headers: { 'content-type': 'application/json' }, body: '{}' }],
    ];

    // Act
    const replies = await Promise.all(calls.map(([method, path, init]) => fetch(`${api}${path}`, { method, ...init })));

    // Assess
    expect(replies.map((r) => r.status)).toEqual([200, 400, 401, 404, 401]);
    for (const reply of replies) {
      expect(reply.headers.get('cache-control'), reply.url).toBe('no-store');
      expect(reply.headers.get('x-content-type-options'), reply.url).toBe('nosniff');
    }
  });
});

describe('Content-Type', () => {
  it('answers 415 with the envelope when a JSON operation gets a body of another type', async () => {
    const token = await accessTokenFor('demo');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16']) {
      const reply = await request('POST', advertiser.createAdvertiser.path, {
        token,
        body: body('Plain Text Inc'),
        headers: { 'content-type': type },
      });
      expect(reply.status, type).toBe(415);
      expect(reply.body, type).toEqual({ success: false, payload: null, error: UNSUPPORTED_JSON_MEDIA_TYPE_ERROR });
    }
  });

  it('answers 415 when a form upload arrives as JSON', async () => {
    const reply = await request(creative.uploadCreative.method, creative.uploadCreative.path, {
      token: await accessTokenFor('demo'),
      body: { name: 'banner', adGroupId: 'bg-ad-group-demo' },
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ success: false, payload: null, error: UNSUPPORTED_FORM_MEDIA_TYPE_ERROR });
  });

  it('still takes JSON with a UTF-8 charset', async () => {
    const reply = await request('POST', advertiser.createAdvertiser.path, {
      token: await accessTokenFor('demo'),
      body: body('Charset Media'),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(reply.status).toBe(200);
  });
});

describe('names shown to others', () => {
  it('are stored without bidirectional overrides or control characters', async () => {
    const token = await accessTokenFor('demo');
    const created = await callOperation(advertiser.createAdvertiser, {
      token,
      body: body('Invoice \u202Efdp.exe\u0007 Media'),
    });
    expect(created.status).toBe(200);
    const id = created.body.payload?.bgAdvertiserId ?? '';
    expect(created.body.payload?.name).toBe('Invoice fdp.exe Media');

    const read = await callOperation(advertiser.getAdvertiser, { token, params: { id } });
    expect(read.body.payload?.name).toBe('Invoice fdp.exe Media');
    const stored = await appItem('AGENCY#bgAgency-demo', `ADV#${id}`);
    expect(stored?.['name']).toBe('Invoice fdp.exe Media');
  });

  it('answer 400 when nothing but controls is left', async () => {
    const reply = await callOperation(advertiser.createAdvertiser, {
      token: await accessTokenFor('demo'),
      body: body('\u202E\u200F\u0000'),
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fieldErrors ?? {})).toEqual(['name']);
  });
});
