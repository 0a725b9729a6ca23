import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { advertiser as advertiserOps, crm, type TAdvertiser } from '@bidgrid/shared';
import { SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import { decryptText, deriveKey } from '@bidgrid/lambdas/kernel/crypto';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { appItem, hubspotRefreshTokenKnown } from '../support/local-data';
import { stackInfo } from '../support/stack';

const { createAdvertiser } = advertiserOps;
const { getHubspotAuthUrl, saveHubspotTokens, deleteHubspotTokens } = crm;

async function freshAdvertiser(token: string): Promise<TAdvertiser> {
  const suffix = randomUUID().slice(0, 8);
  const reply = await callOperation(createAdvertiser, {
    token,
    body: {
      name: `CRM test ${suffix}`,
      phone: '+1 512 555 0100',
      address_1: 'a',
      city: 'c',
      state: 's',
      zip: 'z',
      domain: `crm-${suffix}.example`,
    },
  });
  return reply.body.payload as TAdvertiser;
}

/**
 * What a person does on the CRM simulator's authorize page: opens the URL, picks the portal, and
 * comes back with `code` and `state` in the redirect.
 */
async function authorize(url: string, portalId = 4410001): Promise<{ code: string; state: string; redirect: string }> {
  const page = await fetch(url);
  const html = await page.text();
  const link = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => (m[1] as string).replace(/&amp;/g, '&'))
    .find((href) => href.includes(`hub_id=${portalId}`));
  if (!link) throw new Error('portal not offered');
  const back = await fetch(new URL(link, url), { redirect: 'manual' });
  const location = new URL(back.headers.get('location') as string);
  return {
    code: location.searchParams.get('code') as string,
    state: location.searchParams.get('state') as string,
    redirect: `${location.origin}${location.pathname}`,
  };
}

/** The stored refresh token, decrypted as the server would (the local key is known to tests). */
function storedRefreshToken(item: Record<string, unknown>, advertiserId: string): string {
  const key = deriveKey(Buffer.from(SIMULATOR_SECRETS.TOKEN_ENCRYPTION_KEY, 'base64'), 'crm-tokens');
  return decryptText(item['sealedRefreshToken'] as string, key, `crm:bgAgency-demo:${advertiserId}`);
}

describe('HubSpot connection', () => {
  it('connects through the authorize page, keeps tokens encrypted, and disconnects with revocation', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const advertiser = await freshAdvertiser(token);
    const id = advertiser.bgAdvertiserId;

    // Act: connect
    const url = await callOperation(getHubspotAuthUrl, { token, params: { advertiserId: id } });
    expect(url.status).toBe(200);
    expect(url.body.payload).toContain(`${stackInfo().simulators.hubspot}/oauth/authorize?`);
    const back = await authorize(url.body.payload as string);
    const connected = await callOperation(saveHubspotTokens, {
      token,
      body: { code: back.code, state: back.state, bgAdvertiserId: id },
    });

    // Assess: connected, portal mapped, tokens sealed at rest and never in the reply
    expect(back.redirect).toMatch(/\/advertisers$/);
    expect(connected.status).toBe(200);
    expect(connected.body.payload).toMatchObject({ hubspot_authed: true, hubspot_portal_id: 4410001 });
    expect(JSON.stringify(connected.body)).not.toMatch(/CLocal-|refresh|access_token|accessToken/i);
    const item = (await appItem('AGENCY#bgAgency-demo', `ADV#${id}#CRM`)) as Record<string, unknown>;
    expect(item['sealedAccessToken']).toMatch(/^v1\./);
    expect(JSON.stringify(item)).not.toContain('CLocal-');
    const refreshToken = storedRefreshToken(item, id);
    expect(await hubspotRefreshTokenKnown(refreshToken)).toBe(true);
    expect(await appItem('PORTAL#4410001', `ADV#${id}`)).toMatchObject({ agencyId: 'bgAgency-demo', advertiserId: id });

    // Act: disconnect
    const disconnected = await callOperation(deleteHubspotTokens, { token, body: { bgAdvertiserId: id } });

    // Assess
    expect(disconnected.status).toBe(200);
    expect(disconnected.body.payload).toMatchObject({ hubspot_authed: false, hubspot_portal_id: null });
    expect(await hubspotRefreshTokenKnown(refreshToken)).toBe(false);
    expect(await appItem('AGENCY#bgAgency-demo', `ADV#${id}#CRM`)).toBeUndefined();
    expect(await appItem('PORTAL#4410001', `ADV#${id}`)).toBeUndefined();
  });

  it('refuses a reused state, a forged one and one issued to another advertiser', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const a = await freshAdvertiser(token);
    const b = await freshAdvertiser(token);
    const url = await callOperation(getHubspotAuthUrl, { token, params: { advertiserId: a.bgAdvertiserId } });
    const back = await authorize(url.body.payload as string);
    const [body, signature] = back.state.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...claims, adv: b.bgAdvertiserId })).toString('base64url')}.${signature}`;
    const refused = {
      success: false,
      error: 'This HubSpot connection request is invalid or has expired. Please connect again.',
    };

    // Act + Assess
    const wrongAdvertiser = await callOperation(saveHubspotTokens, {
      token,
      body: { code: back.code, state: back.state, bgAdvertiserId: b.bgAdvertiserId },
    });
    expect(wrongAdvertiser.status).toBe(400);
    expect(wrongAdvertiser.body).toMatchObject(refused);
    const forgedReply = await callOperation(saveHubspotTokens, {
      token,
      body: { code: back.code, state: forged, bgAdvertiserId: b.bgAdvertiserId },
    });
    expect(forgedReply.status).toBe(400);
    expect(forgedReply.body).toMatchObject(refused);
    const first = await callOperation(saveHubspotTokens, {
      token,
      body: { code: back.code, state: back.state, bgAdvertiserId: a.bgAdvertiserId },
    });
    expect(first.status).toBe(200);
    const reused = await callOperation(saveHubspotTokens, {
      token,
      body: { code: back.code, state: back.state, bgAdvertiserId: a.bgAdvertiserId },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject(refused);
  });

  it("does not let a rival finish the demo agency's connection, even with its state", async () => {
    const demo = await accessTokenFor('demo');
    const advertiser = await freshAdvertiser(demo);
    const url = await callOperation(getHubspotAuthUrl, {
      token: demo,
      params: { advertiserId: advertiser.bgAdvertiserId },
    });
    const back = await authorize(url.body.payload as string);
    const reply = await callOperation(saveHubspotTokens, {
      token: await accessTokenFor('rival'),
      body: { code: back.code, state: back.state, bgAdvertiserId: advertiser.bgAdvertiserId },
    });
    expect(reply.status).toBe(404);
    // The demo user's own connection still works: the rival's attempt spent nothing.
    const own = await callOperation(saveHubspotTokens, {
      token: demo,
      body: { code: back.code, state: back.state, bgAdvertiserId: advertiser.bgAdvertiserId },
    });
    expect(own.status).toBe(200);
  });

  it('answers 400 for bad input and 404 for another agency', async () => {
    const rival = await accessTokenFor('rival');
    expect(
      (await callOperation(getHubspotAuthUrl, { token: rival, params: { advertiserId: 'bgAdvertiser-demo-bluepeak' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await callOperation(deleteHubspotTokens, {
          token: rival,
          body: { bgAdvertiserId: 'bgAdvertiser-demo-bluepeak' },
        })
      ).status,
    ).toBe(404);
    expect((await callOperation(getHubspotAuthUrl, { token: rival, params: { advertiserId: 'nope' } })).status).toBe(
      400,
    );
    const bad = await callOperationUnchecked(saveHubspotTokens, {
      token: rival,
      body: { code: '', bgAdvertiserId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {}).sort()).toEqual(['bgAdvertiserId', 'code', 'state']);
  });

  it('shows the seeded connection of the demo agency', async () => {
    const reply = await callOperation(advertiserOps.getAdvertiser, {
      token: await accessTokenFor('demo'),
      params: { id: 'bgAdvertiser-demo-bluepeak' },
    });
    expect(reply.body.payload).toMatchObject({ hubspot_authed: true, hubspot_portal_id: 4410001 });
  });
});
