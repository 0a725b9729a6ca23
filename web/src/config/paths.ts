/**
 * The one route table of the SPA (STYLE.md: path + href builder), used by the router, the sidebar and
 * every link. It holds every route constant of spec 000 §2 and 001 §2.
 *
 * Guard kinds (spec 000 §2 leaves the exact table open and 001 §2 mentions "a third guard kind"):
 * - `public-only`: for signed-out users; a signed-in user is sent to /dashboard (login, password reset).
 * - `protected`: needs a session; a signed-out user is sent to /, a loader shows while the session is
 *   checked, and a session without an agency shows the session-expired text.
 * - `open`: the third kind. Shown to everyone, signed in or not, with no redirect: the legal pages (linked
 *   from the sidebar and from sign-in), the public CRM card picker (opened from HubSpot, no login), and
 *   /bgsignup, which is visible to both and checks the five-name allow-list itself.
 *
 * Layout: `shell` pages render inside the header + main landmark; `bare` pages (the picker, shown in a
 * CRM window) render alone.
 */
export type GuardKind = 'public-only' | 'protected' | 'open';
export type LayoutKind = 'shell' | 'bare';

interface RouteDef<TArgs extends unknown[]> {
  /** The react-router path pattern. */
  readonly path: string;
  readonly guard: GuardKind;
  readonly layout: LayoutKind;
  /** Builds a concrete href for links and navigation. */
  readonly getHref: (...args: TArgs) => string;
}

const route = <TArgs extends unknown[] = []>(
  path: string,
  guard: GuardKind,
  getHref: (...args: TArgs) => string,
  layout: LayoutKind = 'shell',
): RouteDef<TArgs> => ({ path, guard, layout, getHref });

/** Appends a query string, leaving out empty values. */
const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const paths = {
  login: route('/', 'public-only', () => '/'),
  requestPasswordReset: route('/request-password-reset', 'public-only', (userName?: string) =>
    withQuery('/request-password-reset', { userName }),
  ),
  signUp: route('/bgsignup', 'open', (userName?: string) => withQuery('/bgsignup', { userName })),
  termsOfUse: route('/terms-of-use', 'open', () => '/terms-of-use'),
  privacyPolicy: route('/privacy-policy', 'open', () => '/privacy-policy'),
  publicCampaignsPicker: route(
    '/public-campaigns-picker',
    'open',
    // `ticket`: ours, the server-issued credential the card puts beside the spec's three parameters.
    (query: { portalId?: string; domain?: string; companyName?: string; ticket?: string } = {}) =>
      withQuery('/public-campaigns-picker', query),
    'bare',
  ),

  dashboard: route('/dashboard', 'protected', () => '/dashboard'),
  advertisers: route('/advertisers', 'protected', () => '/advertisers'),
  // `code` and `state` are the CRM's OAuth return (000 §2), handed on by /advertisers.
  advertiser: route(
    '/advertisers/:id',
    'protected',
    (id: string, query: { code?: string; state?: string; campaignId?: string } = {}) =>
      withQuery(`/advertisers/${encodeURIComponent(id)}`, query),
  ),
  createManagedCampaign: route('/campaigns/create/managed', 'protected', () => '/campaigns/create/managed'),
  createCustomCampaign: route('/campaigns/create/custom', 'protected', () => '/campaigns/create/custom'),
  createCampaignFromTemplate: route(
    '/campaigns/create/from-template',
    'protected',
    () => '/campaigns/create/from-template',
  ),
  visitorsRetargeting: route('/visitors-retargeting', 'protected', () => '/visitors-retargeting'),
  crmRetargeting: route('/crm-retargeting', 'protected', () => '/crm-retargeting'),
  allBillingLogs: route('/allbillinglogs', 'protected', () => '/allbillinglogs'),
  invoices: route('/invoices', 'protected', (advertiser?: string) => withQuery('/invoices', { advertiser })),
  publicationLists: route('/publication-lists', 'protected', () => '/publication-lists'),
  zipCodes: route('/zip-codes', 'protected', () => '/zip-codes'),
  adsUpload: route('/ads-upload', 'protected', () => '/ads-upload'),
  targetCompanies: route('/target-companies', 'protected', () => '/target-companies'),
  rolesTitles: route('/roles-titles', 'protected', () => '/roles-titles'),
  segmentsLogs: route('/segments-logs', 'protected', () => '/segments-logs'),
  campaignTemplates: route('/campaign-templates', 'protected', () => '/campaign-templates'),
  createCampaignTemplate: route('/create-campaign-template', 'protected', () => '/create-campaign-template'),
} as const;

export type RouteName = keyof typeof paths;

/** Every entry of the table, for the router and the coverage test. */
export const routeEntries = Object.entries(paths) as ReadonlyArray<[RouteName, (typeof paths)[RouteName]]>;
