import { HUBSPOT_PATHS } from '@bidgrid/lambdas/adapters/crm/hubspot-paths';

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
 * HubSpot's documents for every route the HubSpot simulator serves: the `2026-03` rollouts, the
 * date-based paths HubSpot moved its APIs to on 30 March 2026 and the client calls (`HUBSPOT_PATHS`;
 * the cut fails where one is not in its document). OAuth v3 is the current token API (v1's
 * token-info routes are deprecated); its 2026-03 document has the same three operations. The
 * authorize page (`GET /oauth/authorize`) is a browser page, not an API operation.
 */
export const HUBSPOT_SOURCES: readonly OpenApiSource[] = [
  {
    file: 'hubspot-oauth.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/Auth/Oauth/Rollouts/279897/2026-03/oauth.json',
    operations: [
      ['POST', HUBSPOT_PATHS.oauthToken],
      ['POST', HUBSPOT_PATHS.oauthIntrospect],
      ['POST', HUBSPOT_PATHS.oauthRevoke],
    ],
  },
  {
    file: 'hubspot-lists.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CRM/Lists/Rollouts/144891/2026-03/lists.json',
    operations: [
      ['POST', HUBSPOT_PATHS.listsSearch],
      ['GET', HUBSPOT_PATHS.listMemberships],
    ],
  },
  {
    file: 'hubspot-companies.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CRM/Companies/Rollouts/424/2026-03/companies.json',
    operations: [
      ['POST', HUBSPOT_PATHS.companiesSearch],
      ['POST', HUBSPOT_PATHS.companiesBatchRead],
    ],
    patches: [NULLABLE_PROPERTY_VALUES],
  },
  {
    file: 'hubspot-contacts.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CRM/Contacts/Rollouts/424/2026-03/contacts.json',
    operations: [['POST', HUBSPOT_PATHS.contactsBatchRead]],
    patches: [NULLABLE_PROPERTY_VALUES],
  },
  {
    file: 'hubspot-pages.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CMS/Pages/Rollouts/59888/2026-03/pages.json',
    operations: [
      ['GET', HUBSPOT_PATHS.landingPages],
      ['GET', HUBSPOT_PATHS.sitePages],
    ],
  },
  {
    file: 'hubspot-posts.json',
    repository: HUBSPOT_REPOSITORY,
    path: 'PublicApiSpecs/CMS/Posts/Rollouts/635/2026-03/posts.json',
    operations: [['GET', HUBSPOT_PATHS.blogPosts]],
  },
];
