/**
 * Every HubSpot API path BidGrid calls, in one place: the client adapters beside this file call
 * them, and the HubSpot simulator (cdk/local/simulators/hubspot*.ts) and its OpenAPI description
 * (cdk/local/simulators/openapi/) serve and describe the same ones, so the two cannot drift apart.
 *
 * HubSpot moved its REST APIs to date-based paths on 30 March 2026 (`/<api>/2026-03/<resource>`;
 * the v3 paths keep working until September 2027). Every call here is on its 2026-03 path, each
 * confirmed in HubSpot's 2026-03 API reference (the page named beside it; HubSpot's `latest` pages
 * are the 2026-03 ones) and in HubSpot's machine-readable 2026-03 documents
 * (github.com/HubSpot/HubSpot-public-api-spec-collection, the `2026-03` rollouts named in
 * cdk/local/simulators/openapi/openapi-sources.ts). The authorize page the browser is sent to
 * (`HUBSPOT_AUTHORIZE_URL`) is a web page, not an API path, and has no version.
 *
 * A template writes a path parameter as `{name}`, as HubSpot's documents do: `hubspotPath` fills
 * them in (URL-encoded) for a request, `routePattern` gives the simulator's `:name` form.
 */
export const HUBSPOT_PATHS = {
  // OAuth: POST, form bodies with the app's client id and secret.
  // developers.hubspot.com/docs/api-reference/2026-03/authentication/oauth-tokens/refresh-oauth-token
  oauthToken: '/oauth/2026-03/token',
  // developers.hubspot.com/docs/api-reference/2026-03/authentication/oauth-tokens/token-introspect
  oauthIntrospect: '/oauth/2026-03/token/introspect',
  // developers.hubspot.com/docs/api-reference/latest/authentication/oauth-tokens/revoke-token
  oauthRevoke: '/oauth/2026-03/token/revoke',

  // Lists. developers.hubspot.com/docs/api-reference/2026-03/crm/lists/search/search-lists
  listsSearch: '/crm/lists/2026-03/search',
  // developers.hubspot.com/docs/api-reference/latest/crm/lists/memberships/get-memberships-by-id
  listMemberships: '/crm/lists/2026-03/{listId}/memberships',

  // CRM objects. developers.hubspot.com/docs/api-reference/2026-03/crm/objects/companies/search/search-companies
  // (the search path's form: developers.hubspot.com/docs/api-reference/2026-03/crm/search-the-crm)
  companiesSearch: '/crm/objects/2026-03/companies/search',
  // Batch reads, one path per object type:
  // developers.hubspot.com/docs/api-reference/2026-03/crm/objects/objects/batch/get-objects
  companiesBatchRead: '/crm/objects/2026-03/companies/batch/read',
  contactsBatchRead: '/crm/objects/2026-03/contacts/batch/read',

  // Properties. developers.hubspot.com/docs/api-reference/2026-03/crm/properties/get-properties
  companyProperties: '/crm/properties/2026-03/companies',
  // developers.hubspot.com/docs/api-reference/latest/crm/properties/get-property
  companyProperty: '/crm/properties/2026-03/companies/{propertyName}',

  // CMS content. developers.hubspot.com/docs/api-reference/2026-03/cms/pages/landing-pages/get-landing-pages
  landingPages: '/cms/pages/2026-03/landing-pages',
  // developers.hubspot.com/docs/api-reference/2026-03/cms/pages/website-pages/get-website-pages
  sitePages: '/cms/pages/2026-03/site-pages',
  // developers.hubspot.com/docs/api-reference/2026-03/cms/blogs/posts/get-posts
  blogPosts: '/cms/blogs/2026-03/posts',
} as const;

/** One of HubSpot's path templates. */
export type HubspotPathTemplate = (typeof HUBSPOT_PATHS)[keyof typeof HUBSPOT_PATHS];

/** A template with each `{name}` replaced by `params[name]`, URL-encoded; a missing one throws. */
export function hubspotPath(template: HubspotPathTemplate, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** `GET` a list's memberships (paged with `after`). */
export const listMembershipsPath = (listId: string): string => hubspotPath(HUBSPOT_PATHS.listMemberships, { listId });

/** `GET` one company property by its internal name. */
export const companyPropertyPath = (propertyName: string): string =>
  hubspotPath(HUBSPOT_PATHS.companyProperty, { propertyName });

/** `POST` a batch read of one object type. */
export const batchReadPath = (objectType: 'companies' | 'contacts'): HubspotPathTemplate =>
  objectType === 'companies' ? HUBSPOT_PATHS.companiesBatchRead : HUBSPOT_PATHS.contactsBatchRead;

/** A template as a simulator route pattern writes it: `{name}` as `:name`. */
export const routePattern = (template: HubspotPathTemplate): string => template.replace(/\{([^}]+)\}/g, ':$1');
