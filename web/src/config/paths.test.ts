import { describe, expect, it } from 'vitest';
import { collectPaths, createRoutes } from '@/app/router/routes';
import { paths, routeEntries } from './paths';

/** Every route constant of spec 000 §2 and 001 §2, typed from the spec text. */
const SPEC_ROUTES = [
  '/',
  '/dashboard',
  '/advertisers',
  '/advertisers/:id',
  '/campaigns/create/managed',
  '/campaigns/create/custom',
  '/campaigns/create/from-template',
  '/visitors-retargeting',
  '/crm-retargeting',
  '/public-campaigns-picker',
  '/terms-of-use',
  '/privacy-policy',
  '/bgsignup',
  '/request-password-reset',
  '/allbillinglogs',
  '/invoices',
  '/publication-lists',
  '/zip-codes',
  '/ads-upload',
  '/target-companies',
  '/roles-titles',
  '/segments-logs',
  '/campaign-templates',
  '/create-campaign-template',
] as const;

describe('route table', () => {
  it('holds every route constant of both specs, and nothing else', () => {
    // Prepare
    const tablePaths = routeEntries.map(([, def]) => def.path);

    // Assess
    expect([...tablePaths].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('serves every path of the table in the router', () => {
    // Act
    const served = collectPaths(createRoutes());

    // Assess
    for (const route of SPEC_ROUTES) expect(served).toContain(route);
  });

  it('applies the guard kinds of the spec', () => {
    // Assess
    expect(paths.login.guard).toBe('public-only');
    expect(paths.requestPasswordReset.guard).toBe('public-only');
    for (const open of [paths.termsOfUse, paths.privacyPolicy, paths.publicCampaignsPicker, paths.signUp]) {
      expect(open.guard).toBe('open');
    }
    const publicPaths = new Set([
      '/',
      '/request-password-reset',
      '/terms-of-use',
      '/privacy-policy',
      '/public-campaigns-picker',
      '/bgsignup',
    ]);
    for (const [, def] of routeEntries) if (!publicPaths.has(def.path)) expect(def.guard).toBe('protected');
  });

  it('builds hrefs with encoded ids and query strings', () => {
    // Assess
    expect(paths.advertiser.getHref('bgAdvertiser-1')).toBe('/advertisers/bgAdvertiser-1');
    expect(paths.advertiser.getHref('a/b', { code: 'xyz' })).toBe('/advertisers/a%2Fb?code=xyz');
    expect(paths.invoices.getHref('bgAdvertiser-2')).toBe('/invoices?advertiser=bgAdvertiser-2');
    expect(paths.invoices.getHref()).toBe('/invoices');
    expect(paths.requestPasswordReset.getHref('demo')).toBe('/request-password-reset?userName=demo');
    expect(paths.publicCampaignsPicker.getHref({ portalId: '42', domain: 'acme.com' })).toBe(
      '/public-campaigns-picker?portalId=42&domain=acme.com',
    );
    expect(
      paths.publicCampaignsPicker.getHref({ portalId: '42', domain: 'acme.com', companyName: 'A & B', ticket: 't+1' }),
    ).toBe('/public-campaigns-picker?portalId=42&domain=acme.com&companyName=A+%26+B&ticket=t%2B1');
  });
});
