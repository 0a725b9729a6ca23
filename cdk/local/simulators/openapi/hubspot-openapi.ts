import { HUBSPOT_PATHS } from '@bidgrid/lambdas/adapters/crm/hubspot-paths';

/**
 * Our own OpenAPI 3.0 description of the HubSpot operations the HubSpot simulator serves, on the
 * 2026-03 paths the client calls (`HUBSPOT_PATHS`), written from reading HubSpot's published per-API
 * documents (README.md beside this file names them) and committed, so every HubSpot reply check
 * runs on a fresh clone. HubSpot's documents themselves are not kept here; where they are at hand,
 * `openapi-agreement.ts` holds this description against them.
 *
 * What it keeps: the same paths, methods and status codes as HubSpot's; for each reply object every
 * field HubSpot marks required plus the optional ones we read, with HubSpot's names, types, formats,
 * enums and required lists. Request bodies and parameters are left out: the checks hold replies.
 * Where a schema is described with less detail than HubSpot's, it says so in `x-described-loosely`,
 * and the agreement check then compares its type alone.
 */

type Schema = Record<string, unknown>;

const string: Schema = { type: 'string' };
const boolean: Schema = { type: 'boolean' };
const int32: Schema = { type: 'integer', format: 'int32' };
const int64: Schema = { type: 'integer', format: 'int64' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const mapOf = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });
const enumOf = (...values: string[]): Schema => ({ type: 'string', enum: values });
/** An object schema with no declared fields (HubSpot's free-form module and rule objects). */
const anyObject: Schema = { type: 'object', properties: {} };

/** An object whose every field is required except those named in `optional`. */
function object(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  const required = Object.keys(properties).filter((name) => !optional.includes(name));
  return { type: 'object', required: required.sort(), properties };
}

/** HubSpot's error body; replies also carry `status: 'error'`, which the documents do not declare. */
const ErrorBody = object(
  {
    category: string,
    correlationId: { type: 'string', format: 'uuid' },
    message: string,
    subCategory: string,
    context: mapOf(arrayOf(string)),
    links: mapOf(string),
    errors: arrayOf(ref('ErrorDetail')),
  },
  ['subCategory', 'context', 'links', 'errors'],
);

const ErrorDetail = object(
  { message: string, code: string, in: string, subCategory: string, context: mapOf(arrayOf(string)) },
  ['code', 'in', 'subCategory', 'context'],
);

// OAuth (v3, on its 2026-03 paths): token grants, introspection. Revocation documents only its error (success is an empty 204).
const AccessTokenResponse = object(
  {
    access_token: string,
    refresh_token: string,
    expires_in: int64,
    token_type: string,
    token_use: { ...enumOf('access_token'), default: 'access_token' },
    hub_id: int32,
    user_id: int32,
    scopes: arrayOf(string),
    id_token: string,
  },
  ['hub_id', 'user_id', 'scopes', 'id_token'],
);

const ClientCredentialsTokenResponse = object(
  {
    access_token: string,
    expires_in: int64,
    token_type: string,
    token_use: { ...enumOf('client_credentials'), default: 'client_credentials' },
    hub_id: int32,
    user_id: int32,
    scopes: arrayOf(string),
    id_token: string,
  },
  ['hub_id', 'user_id', 'scopes', 'id_token'],
);

/** What introspection says of every token, access or refresh. */
const tokenInfo = {
  active: boolean,
  app_id: int32,
  client_id: string,
  hub_id: int32,
  hub_domain: string,
  user_id: int32,
  user: string,
  scopes: arrayOf(string),
  token: string,
  token_type: string,
};

const PublicAccessTokenInfoResponse = object(
  {
    ...tokenInfo,
    token_use: { ...enumOf('access_token'), default: 'access_token' },
    expires_in: int64,
    is_private_distribution: boolean,
    signed_access_token: ref('SignedAccessToken'),
  },
  ['hub_domain', 'user'],
);

const PublicRefreshTokenInfoResponse = object(
  { ...tokenInfo, token_use: { ...enumOf('refresh_token'), default: 'refresh_token' } },
  ['hub_domain', 'user'],
);

/** The signed form of an access token's grant; HubSpot requires every field. */
const SignedAccessToken = object({
  appId: int32,
  appInstallId: string,
  audience: string,
  expiresAt: int64,
  hubId: int32,
  hublet: string,
  installingUserId: int32,
  isPrivateDistribution: boolean,
  isServiceAccount: boolean,
  isUserLevel: boolean,
  newSignature: string,
  scopeToScopeGroupPks: string,
  scopes: string,
  signature: string,
  trialScopeToScopeGroupPks: string,
  trialScopes: string,
  userId: int32,
});

// CRM paging: cursor pages forward (`after`) and back (`before`).
const NextPage = object({ after: string, link: string }, ['link']);
const PreviousPage = object({ before: string, link: string }, ['link']);
const Paging = object({ next: ref('NextPage'), prev: ref('PreviousPage') }, ['next', 'prev']);
const ForwardPaging = object({ next: ref('NextPage') }, ['next']);

// Lists: search and memberships.
const ListSearchResponse = object({
  hasMore: boolean,
  lists: arrayOf(ref('PublicObjectListSearchResult')),
  offset: int32,
  total: int32,
});

const PublicObjectListSearchResult = object(
  {
    listId: string,
    listVersion: int32,
    name: string,
    objectTypeId: string,
    processingStatus: string,
    processingType: string,
    additionalProperties: mapOf(string),
    createdAt: dateTime,
    updatedAt: dateTime,
    createdById: string,
    updatedById: string,
    filtersUpdatedAt: dateTime,
    deletedAt: dateTime,
  },
  ['createdAt', 'updatedAt', 'createdById', 'updatedById', 'filtersUpdatedAt', 'deletedAt'],
);

const ApiCollectionResponseJoinTimeAndRecordId = object(
  { results: arrayOf(ref('JoinTimeAndRecordId')), paging: ref('Paging'), total: int64 },
  ['paging', 'total'],
);

const JoinTimeAndRecordId = object({ recordId: string, membershipTimestamp: dateTime });

// CRM objects: companies search, contacts batch read.
/**
 * A CRM record. Its property values are nullable: HubSpot answers null for a requested property the
 * record has no value for, and its own client (@hubspot/api-client) types them `string | null`,
 * while its documents say `string` (the one documented patch, `patches` in `openapi-sources.ts`).
 */
const SimplePublicObject = object(
  {
    id: string,
    properties: mapOf({ type: 'string', nullable: true }),
    createdAt: dateTime,
    updatedAt: dateTime,
    archived: boolean,
    archivedAt: dateTime,
    url: string,
  },
  ['archivedAt', 'url'],
);

const CollectionResponseWithTotalSimplePublicObject = object(
  { total: int32, results: arrayOf(ref('SimplePublicObject')), paging: ref('Paging') },
  ['paging'],
);

const batchStatus = enumOf('CANCELED', 'COMPLETE', 'PENDING', 'PROCESSING');

const BatchResponseSimplePublicObject = object(
  {
    status: batchStatus,
    results: arrayOf(ref('SimplePublicObject')),
    startedAt: dateTime,
    completedAt: dateTime,
    requestedAt: dateTime,
    links: mapOf(string),
  },
  ['requestedAt', 'links'],
);

/** A batch read where some inputs failed (HTTP 207): the records found and an error per failure kind. */
const BatchResponseSimplePublicObjectWithErrors = object(
  {
    status: batchStatus,
    results: arrayOf(ref('SimplePublicObject')),
    startedAt: dateTime,
    completedAt: dateTime,
    requestedAt: dateTime,
    links: mapOf(string),
    numErrors: int32,
    errors: arrayOf(ref('StandardError')),
  },
  ['requestedAt', 'links', 'numErrors', 'errors'],
);

const StandardError = object(
  {
    status: string,
    category: string,
    message: string,
    context: mapOf(arrayOf(string)),
    links: mapOf(string),
    errors: arrayOf(ref('ErrorDetail')),
    id: string,
    subCategory: anyObject,
  },
  ['id', 'subCategory'],
);

// CMS: landing pages, site pages, blog posts. HubSpot requires nearly every field of a page.
const abStatus = enumOf(
  'automated_loser_variant',
  'automated_master',
  'automated_variant',
  'loser_variant',
  'mab_master',
  'mab_variant',
  'master',
  'variant',
);
/** HubSpot's content type codes, "0" to "22". */
const contentTypeCategory = enumOf(...Array.from({ length: 23 }, (_, i) => String(i)));
const currentState = enumOf(
  'AGENT_GENERATED',
  'AUTOMATED',
  'AUTOMATED_AB',
  'AUTOMATED_AB_VARIANT',
  'AUTOMATED_DRAFT',
  'AUTOMATED_DRAFT_AB',
  'AUTOMATED_DRAFT_ABVARIANT',
  'AUTOMATED_FOR_FORM',
  'AUTOMATED_FOR_FORM_BUFFER',
  'AUTOMATED_FOR_FORM_DRAFT',
  'AUTOMATED_FOR_FORM_LEGACY',
  'AUTOMATED_LOSER_ABVARIANT',
  'AUTOMATED_SENDING',
  'BLOG_EMAIL_DRAFT',
  'BLOG_EMAIL_PUBLISHED',
  'DRAFT',
  'DRAFT_AB',
  'DRAFT_AB_VARIANT',
  'ERROR',
  'LOSER_AB_VARIANT',
  'PAGE_STUB',
  'PRE_PROCESSING',
  'PROCESSING',
  'PUBLISHED',
  'PUBLISHED_AB',
  'PUBLISHED_AB_VARIANT',
  'PUBLISHED_OR_SCHEDULED',
  'RSS_TO_EMAIL_DRAFT',
  'RSS_TO_EMAIL_PUBLISHED',
  'SCHEDULED',
  'SCHEDULED_AB',
  'SCHEDULED_OR_PUBLISHED',
);

/** The fields pages and blog posts share; all required by HubSpot. */
const content = {
  id: string,
  name: string,
  slug: string,
  url: string,
  domain: string,
  state: string,
  currentState,
  currentlyPublished: boolean,
  publishDate: dateTime,
  publishImmediately: boolean,
  created: dateTime,
  updated: dateTime,
  createdById: string,
  updatedById: string,
  authorName: string,
  htmlTitle: string,
  metaDescription: string,
  headHtml: string,
  footerHtml: string,
  linkRelCanonicalUrl: string,
  featuredImage: string,
  featuredImageAltText: string,
  useFeaturedImage: boolean,
  campaign: string,
  categoryId: int32,
  contentGroupId: string,
  contentTypeCategory,
  folderId: string,
  abStatus,
  abTestId: string,
  mabExperimentId: string,
  archivedInDashboard: boolean,
  attachedStylesheets: arrayOf(mapOf(anyObject)),
  enableDomainStylesheets: boolean,
  enableLayoutStylesheets: boolean,
  includeDefaultCustomCss: boolean,
  dynamicPageDataSourceId: string,
  dynamicPageDataSourceType: int32,
  dynamicPageHubDbTableId: string,
  language: {
    type: 'string',
    'x-described-loosely': 'HubSpot enumerates some 700 language tags; the simulator answers "en"',
  },
  layoutSections: {
    type: 'object',
    'x-described-loosely': 'the drag-and-drop layout tree, which we never read; the simulator answers {}',
  },
  pageExpiryDate: int64,
  pageExpiryEnabled: boolean,
  pageExpiryRedirectId: int64,
  pageExpiryRedirectUrl: string,
  password: string,
  publicAccessRules: arrayOf(ref('PublicAccessRule')),
  publicAccessRulesEnabled: boolean,
  themeSettingsValues: mapOf(anyObject),
  translatedFromId: string,
  translations: mapOf(ref('ContentLanguageVariation')),
  widgetContainers: mapOf(anyObject),
  widgets: mapOf(anyObject),
};

const Page = object({
  ...content,
  archivedAt: dateTime,
  pageRedirected: boolean,
  subcategory: string,
  templatePath: string,
});

/** A blog post: note that HubSpot types its `archivedAt` as epoch milliseconds, a page's as date-time. */
const BlogPost = object({
  ...content,
  archivedAt: int64,
  blogAuthorId: string,
  enableGoogleAmpOutputOverride: boolean,
  postBody: string,
  postSummary: string,
  publishedAt: dateTime,
  rssBody: string,
  rssSummary: string,
  tagIds: arrayOf(int64),
});

const ContentLanguageVariation = object(
  {
    id: int64,
    name: string,
    slug: string,
    state: string,
    authorName: string,
    campaign: string,
    campaignName: string,
    created: dateTime,
    updated: dateTime,
    publishDate: dateTime,
    password: string,
    archivedInDashboard: boolean,
    publicAccessRules: arrayOf(ref('PublicAccessRule')),
    publicAccessRulesEnabled: boolean,
    tagIds: arrayOf(int64),
  },
  ['tagIds'],
);

const collectionWithTotal = (item: string): Schema =>
  object({ total: int32, results: arrayOf(ref(item)), paging: ref('ForwardPaging') }, ['paging']);

const json = (schema: string): Schema => ({ content: { 'application/json': { schema: ref(schema) } } });
/** Every operation answers its errors (401, 403, 404, 429, ...) with the one error body. */
// CRM properties: a company property definition and its enumeration options.
const OptionSchema = object(
  { label: string, value: string, displayOrder: int32, hidden: boolean, description: string },
  ['displayOrder', 'description'],
);
const PropertyModificationMetadata = object({
  archivable: boolean,
  readOnlyDefinition: boolean,
  readOnlyValue: boolean,
});
const Property = object(
  {
    name: string,
    label: string,
    type: string,
    fieldType: string,
    description: string,
    groupName: string,
    options: arrayOf(ref('Option')),
    displayOrder: int32,
    calculated: boolean,
    externalOptions: boolean,
    hasUniqueValue: boolean,
    hidden: boolean,
    hubspotDefined: boolean,
    formField: boolean,
    createdAt: dateTime,
    updatedAt: dateTime,
    archived: boolean,
    modificationMetadata: ref('PropertyModificationMetadata'),
  },
  [
    'displayOrder',
    'calculated',
    'externalOptions',
    'hasUniqueValue',
    'hidden',
    'hubspotDefined',
    'formField',
    'createdAt',
    'updatedAt',
    'archived',
    'modificationMetadata',
  ],
);
const CollectionResponseProperty = object({ results: arrayOf(ref('Property')) });

const errorResponse: Schema = { $ref: '#/components/responses/Error' };
const post = (responses: Record<string, Schema>): Schema => ({ post: { responses } });
const get = (responses: Record<string, Schema>): Schema => ({ get: { responses } });

/** The name the checks give this description in their verdicts (`POST /oauth/2026-03/token (hubspot-openapi.ts)`). */
export const HUBSPOT_DESCRIPTION_NAME = 'hubspot-openapi.ts';

/** The description, as an OpenAPI 3.0 document object. */
export const HUBSPOT_DESCRIPTION: Readonly<Schema> = {
  openapi: '3.0.1',
  info: {
    title: 'HubSpot routes the BidGrid simulator serves',
    version: '2026-03',
    description:
      "BidGrid's own description of the HubSpot OAuth, CRM and CMS operations it uses, on their 2026-03 paths, written from HubSpot's published documents.",
  },
  // The paths of HUBSPOT_PATHS (the client's and the simulator's), so a recorded reply is held
  // against the operation it answered; the v3 paths are no longer served, so not described.
  paths: {
    [HUBSPOT_PATHS.oauthToken]: post({ '200': json('TokenResponse'), default: errorResponse }),
    [HUBSPOT_PATHS.oauthIntrospect]: post({ '200': json('TokenInfoResponse'), default: errorResponse }),
    [HUBSPOT_PATHS.oauthRevoke]: post({ default: errorResponse }),
    [HUBSPOT_PATHS.listsSearch]: post({ '200': json('ListSearchResponse'), default: errorResponse }),
    [HUBSPOT_PATHS.listMemberships]: get({
      '200': json('ApiCollectionResponseJoinTimeAndRecordId'),
      default: errorResponse,
    }),
    [HUBSPOT_PATHS.companiesSearch]: post({
      '200': json('CollectionResponseWithTotalSimplePublicObject'),
      default: errorResponse,
    }),
    [HUBSPOT_PATHS.contactsBatchRead]: post({
      '200': json('BatchResponseSimplePublicObject'),
      '207': json('BatchResponseSimplePublicObjectWithErrors'),
      default: errorResponse,
    }),
    [HUBSPOT_PATHS.companiesBatchRead]: post({
      '200': json('BatchResponseSimplePublicObject'),
      '207': json('BatchResponseSimplePublicObjectWithErrors'),
      default: errorResponse,
    }),
    [HUBSPOT_PATHS.companyProperties]: get({ '200': json('CollectionResponseProperty'), default: errorResponse }),
    [HUBSPOT_PATHS.companyProperty]: get({ '200': json('Property'), default: errorResponse }),
    [HUBSPOT_PATHS.landingPages]: get({ '200': json('CollectionResponseWithTotalPage'), default: errorResponse }),
    [HUBSPOT_PATHS.sitePages]: get({ '200': json('CollectionResponseWithTotalPage'), default: errorResponse }),
    [HUBSPOT_PATHS.blogPosts]: get({ '200': json('CollectionResponseWithTotalBlogPost'), default: errorResponse }),
  },
  components: {
    responses: { Error: { content: { '*/*': { schema: ref('Error') } } } },
    schemas: {
      Error: ErrorBody,
      ErrorDetail,
      TokenResponse: { oneOf: [ref('AccessTokenResponse'), ref('ClientCredentialsTokenResponse')] },
      AccessTokenResponse,
      ClientCredentialsTokenResponse,
      TokenInfoResponse: { oneOf: [ref('PublicAccessTokenInfoResponse'), ref('PublicRefreshTokenInfoResponse')] },
      PublicAccessTokenInfoResponse,
      PublicRefreshTokenInfoResponse,
      SignedAccessToken,
      NextPage,
      PreviousPage,
      Paging,
      ForwardPaging,
      ListSearchResponse,
      PublicObjectListSearchResult,
      ApiCollectionResponseJoinTimeAndRecordId,
      JoinTimeAndRecordId,
      SimplePublicObject,
      CollectionResponseWithTotalSimplePublicObject,
      BatchResponseSimplePublicObject,
      BatchResponseSimplePublicObjectWithErrors,
      StandardError,
      CollectionResponseWithTotalPage: collectionWithTotal('Page'),
      CollectionResponseWithTotalBlogPost: collectionWithTotal('BlogPost'),
      Page,
      BlogPost,
      ContentLanguageVariation,
      PublicAccessRule: anyObject,
      Option: OptionSchema,
      PropertyModificationMetadata,
      Property,
      CollectionResponseProperty,
    },
  },
};
