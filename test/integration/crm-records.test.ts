import { describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import { createHubspotOAuth, HUBSPOT_SCOPES } from '@bidgrid/lambdas/adapters/crm/hubspot-oauth';
import { createHubspotRecords } from '@bidgrid/lambdas/adapters/crm/hubspot-records';
import { stackInfo } from '../support/stack';

const REDIRECT = 'http://127.0.0.1:5173/advertisers';

/** Connects portal 4410001 as a person would (authorize page, pick the portal), then exchanges the code. */
async function connectedTokens() {
  const base = stackInfo().simulators.hubspot;
  const oauth = createHubspotOAuth({
    baseUrl: base,
    authorizeUrl: `${base}/oauth/authorize`,
    secrets: async (name) => SIMULATOR_SECRETS[name as keyof typeof SIMULATOR_SECRETS],
  });
  const page = await fetch(await oauth.authorizeUrl({ state: 's', redirectUri: REDIRECT }));
  const link = [...(await page.text()).matchAll(/href="([^"]+)"/g)]
    .map((m) => (m[1] as string).replace(/&amp;/g, '&'))
    .find((href) => href.includes('hub_id=4410001'));
  if (!link) throw new Error('portal not offered');
  const back = await fetch(new URL(link, base), { redirect: 'manual' });
  const code = new URL(back.headers.get('location') as string).searchParams.get('code') as string;
  return { oauth, tokens: await oauth.exchangeCode(code, REDIRECT) };
}

describe('HubSpot clients against the CRM simulator', () => {
  it('OAuth v3: exchanges, introspects, refreshes and revokes', async () => {
    // Act
    const { oauth, tokens } = await connectedTokens();
    const portal = await oauth.portalIdOf(tokens.accessToken);
    const refreshed = await oauth.refresh(tokens.refreshToken);
    const revoked = await oauth.revoke(tokens.refreshToken);
    const again = await oauth.revoke(tokens.refreshToken);

    // Assess
    expect(HUBSPOT_SCOPES).toContain('content');
    expect(portal).toBe(4410001);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect([revoked, again]).toEqual(['revoked', 'unknown']);
  });

  it("reads companies, a list's members, their e-mails and the CMS content, every page", async () => {
    // Prepare
    const { tokens } = await connectedTokens();
    const records = createHubspotRecords({ baseUrl: stackInfo().simulators.hubspot });

    // Act
    const all = await records.searchCompanies(tokens.accessToken, {});
    const tier1Targets = await records.searchCompanies(tokens.accessToken, {
      icpTiers: ['tier_1'],
      targetAccountsOnly: true,
    });
    const members = await records.listMemberIds(tokens.accessToken, '104');
    const emails = await records.contactEmails(tokens.accessToken, members);
    const landing = await records.content(tokens.accessToken, 'landing-pages');
    const site = await records.content(tokens.accessToken, 'site-pages');
    const posts = await records.content(tokens.accessToken, 'blog-posts');

    // Assess
    expect(all).toMatchObject({ total: 240, truncated: false });
    expect(all.companies).toHaveLength(240);
    expect(new Set(all.companies.map((c) => c.id)).size).toBe(240);
    expect(tier1Targets.companies.length).toBeGreaterThan(0);
    expect(tier1Targets.companies.every((c) => c.icpTier === 'tier_1' && c.targetAccount)).toBe(true);
    expect(members).toHaveLength(1200);
    expect(emails).toHaveLength(1200);
    expect(emails.every((e) => e.includes('@'))).toBe(true);
    expect([landing.length, site.length, posts.length]).toEqual([30, 8, 45]);
    expect(landing[0]?.url).toMatch(/^https:\/\/demo-agency-crm\.hubspot\.local\//);
  });
});
