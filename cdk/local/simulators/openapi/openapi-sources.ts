/** One vendor OpenAPI document and the operations of it a simulator serves. */
export interface OpenApiSource {
  /** The fixture's file name in the fixtures directory. */
  readonly file: string;
  readonly repository: string;
  /** The document's path in the repository. */
  readonly path: string;
  /** `[METHOD, path template]` of every operation kept. */
  readonly operations: ReadonlyArray<readonly [string, string]>;
  /**
   * Where the document says less than the vendor does, and why: each sets `value` at `at` (a JSON
   * pointer into the document). Kept few, each with its evidence; recorded in the fixture.
   */
  readonly patches?: ReadonlyArray<{ readonly at: string; readonly value: unknown; readonly why: string }>;
}

/**
 * HubSpot answers `null` for a requested property a record has no value for; its documents type
 * the values as plain strings, while its own client (@hubspot/api-client, generated from the same
 * documents) types them `string | null`.
 */
const NULLABLE_PROPERTY_VALUES = {
  at: '/components/schemas/SimplePublicObject/properties/properties/additionalProperties/nullable',
  value: true,
  why: "HubSpot answers null for requested properties without a value; @hubspot/api-client's SimplePublicObject types them string | null",
} as const;

const HUBSPOT_REPOSITORY = 'github.com/HubSpot/HubSpot-public-api-spec-collection';

/**
 * HubSpot's documents for every route the HubSpot simulator serves (the `v3` rollouts: VENDORS.md,
 * "v3 paths still work"; OAuth v3 is the current token API, v1's token-info routes are deprecated).
 * The authorize page (`GET /oauth/authorize`) is a browser page, not an API operation.
 */
export const HUBSPOT_SOURCES: readonly OpenApiSource[] = [
  {
    file: 'hubspot-oauth.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/Auth/Oauth/Rollouts/279897/v3/oauth.json',
    operations: [
      ['POST', '/oauth/v3/token'],
      ['POST', '/oauth/v3/token/introspect'],
      ['POST', '/oauth/v3/token/revoke'],
    ],
  },
  {
    file: 'hubspot-lists.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CRM/Lists/Rollouts/144891/v3/lists.json',
    operations: [
      ['POST', '/crm/v3/lists/search'],
      ['GET', '/crm/v3/lists/{listId}/memberships'],
    ],
  },
  {
    file: 'hubspot-companies.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CRM/Companies/Rollouts/424/v3/companies.json',
    operations: [
      ['POST', '/crm/v3/objects/companies/search'],
      ['POST', '/crm/v3/objects/companies/batch/read'],
    ],
    patches: [NULLABLE_PROPERTY_VALUES],
  },
  {
    file: 'hubspot-contacts.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CRM/Contacts/Rollouts/424/v3/contacts.json',
    operations: [['POST', '/crm/v3/objects/contacts/batch/read']],
    patches: [NULLABLE_PROPERTY_VALUES],
  },
  {
    file: 'hubspot-pages.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CMS/Pages/Rollouts/59888/v3/pages.json',
    operations: [
      ['GET', '/cms/v3/pages/landing-pages'],
      ['GET', '/cms/v3/pages/site-pages'],
    ],
  },
  {
    file: 'hubspot-posts.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CMS/Posts/Rollouts/635/v3/posts.json',
    operations: [['GET', '/cms/v3/blogs/posts']],
  },
];
