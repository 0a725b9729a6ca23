/**
 * Business constants of spec 000 §9 and 001 §9, named once and imported everywhere (web, handlers,
 * simulators, tests).
 */

/** Generated id prefixes (000 §9, 001 §9). */
export const ID_PREFIX = {
  agency: 'bgAgency-',
  advertiser: 'bgAdvertiser-',
  campaign: 'bg-campaign-',
  adGroup: 'bg-ad-group-',
  adGroupTemplate: 'bg-ad-group-template-',
  creativeTemplate: 'bg-creative-template-',
  creative: 'bgCreative-',
} as const;

export const PRODUCT_NAME = 'BidGrid';
export const CURRENCY = 'USD';

/** Bids and budgets (000 §9, 001 §9). */
export const MAX_BID_USD = 100;
/**
 * Ceiling of a daily and of an estimated budget (ours: the spec names none). Ten million dollars is
 * beyond any real campaign; above it a number is a typo, and the bidder and the store must never see
 * it (1e308 is a valid JSON number).
 */
export const MAX_BUDGET_USD = 10_000_000;
export const DEFAULT_MAX_BID_USD = 25;
export const DEFAULT_ESTIMATED_BUDGET = 0;
export const BUDGET_TYPE = 2;
export const MIN_CAMPAIGN_DAYS = 1;
/** A campaign whose end date is this many days or more in the past is read-only. */
export const REACTIVATION_LIMIT_DAYS = 175;
/** Default CPM bid per domain of a split public list. */
export const DEFAULT_SPLIT_LIST_CPM = 25;
/** Advertiser category sent to the bidder (000 §3). */
export const ADVERTISER_CATEGORY = 'IAB3';

export const TIME_FRAMES = ['ALL_TIME', '7_DAYS', '30_DAYS', '90_DAYS', 'CUSTOM_DATE'] as const;
export type TTimeFrame = (typeof TIME_FRAMES)[number];
export const DEFAULT_TIME_FRAME: TTimeFrame = 'ALL_TIME';
/** Days covered by the rolling time frames (ending today, inclusive). */
export const TIME_FRAME_DAYS = { '7_DAYS': 7, '30_DAYS': 30, '90_DAYS': 90 } as const;

export const SORT_KINDS = ['flat', 'currency', 'percentage'] as const;

/** Truncation lengths (000 §9, 001 §9). */
export const TRUNCATE = {
  campaignTable: 20,
  lineItem: 25,
  adGroup: 36,
  advertiser: 36,
  breadcrumb: 36,
  dashboardTitle: 40,
  fileName: 48,
  otherName: 36,
} as const;

/** Tables: 10 rows a page, options 10/25/100, pager only above 10 rows. */
export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 25, 100] as const;
/** Multi-select lists show at most this many rows at once. */
export const MULTI_SELECT_VISIBLE_ROWS = 20;

export const MIN_PASSWORD_LENGTH = 8;
/** The account-creation allow-list holds five internal user names (configured per stage). */
export const INTERNAL_USERS_COUNT = 5;

/** Toast durations in milliseconds (000 §9, 001 §9). */
export const TOAST_MS = {
  default: 3_000,
  short: 2_000,
  campaignsSaved: 4_000,
  gate: 5_000,
  upload: 5_000,
  apiError: 5_500,
  csvError: 10_000,
  successLoad: 10_000,
  uploadError: 15_000,
  missingCard: 20_000,
} as const;

/** Creatives (001 §5, §9). */
export const IMAGE_MAX_BYTES = 800_000;
export const VIDEO_MAX_BYTES = 250 * 1024 * 1024;
export const VIDEO_MIME_TYPES = ['video/mp4'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const COMMON_VIDEO_DURATIONS_S = [15, 30] as const;
export const DEFAULT_VIDEO_DURATION_S = 60;
export const MAX_FILES_PER_AD_GROUP = 100;
/** Allowed display sizes, `WxH` (001 §5). */
export const ALLOWED_IMAGE_SIZES = [
  '1024x768',
  '970x250',
  '970x90',
  '768x1024',
  '728x90',
  '480x320',
  '468x60',
  '336x280',
  '320x480',
  '320x100',
  '320x50',
  '300x1050',
  '300x600',
  '300x250',
  '800x1100',
  '300x50',
  '250x250',
  '216x36',
  '200x200',
  '180x150',
  '168x28',
  '160x600',
  '120x600',
  '120x240',
  '120x60',
  '120x20',
] as const;
export const MEDIA_TYPES = ['display', 'video'] as const;
export type TMediaType = (typeof MEDIA_TYPES)[number];
export const AD_GROUP_TYPES = ['image', 'video'] as const;
export const AD_GROUP_KINDS = ['single', 'split'] as const;
/** Placeholder click URL of creatives made from templates (001 §3). */
export const TEMPLATE_CREATIVE_DEFAULT_LANDING_PAGE = 'https://example.com';

/** Company search and CRM (001 §9). */
export const COMPANY_SEARCH_PAGE_SIZE = 100;
export const COMPANY_SEARCH_START_AFTER = '0';
/** Domains with this many e-mail addresses or more keep their own group; the rest go to 'general'. */
export const EMAIL_GROUP_THRESHOLD = 20;
export const GENERAL_EMAIL_GROUP = 'general';
export const HUBSPOT_PAGE_KINDS = ['landing_page', 'site_page', 'blogPosts'] as const;
export const HUBSPOT_PAGE_TYPES = ['BLOG', 'LANDING', 'WEB'] as const;
export const PUBLIC_LIST_TYPES = ['SINGLE', 'SPLIT'] as const;

/** Geography (001 §3). */
export const GEO_COUNTRIES = [
  { code2: 'US', code3: 'USA', name: 'United States' },
  { code2: 'CA', code3: 'CAN', name: 'Canada' },
] as const;
/** Suffix of the per-country (and per-role-type) "select all" keys, never saved. */
export const SELECT_ALL_SUFFIX = '_ALL';

/** Local-storage and session keys the spec names. */
export const STORAGE_KEYS = {
  accessTokenCookie: 'ACCESS_TOKEN',
  isDynamicABA: 'isDynamicABA',
  customCampaignType: 'customCampaignType',
  currentAdvertiserId: 'currentAdvertiserId',
  crmRetargetingPromptDismissed: 'crmRetargetingPromptDismissed',
  userName: 'userName',
} as const;
export const CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS = 'companyIps';

/** File names of exports (000 §4). */
export const EXPORT_FILE = {
  campaigns: 'bidgrid-campaigns.csv',
  other: 'export.csv',
  campaignsDelimiter: ',',
  otherDelimiter: ';',
} as const;

export const PLAYBOOK_ICONS = ['target', 'rocket', 'chart', 'users'] as const;

/** Internal step names of the wizard (001 §2). */
export const STEP_NAMES = [
  'select advertiser',
  'campaign template details',
  'campaign details',
  'landing page',
  'ad group page',
  'summary page',
  'role titles',
  'target companies',
  'publication lists',
  'zip codes',
  'state provinces',
  'visitors retargeting segments',
  'CRM retargeting segments',
] as const;
export type TStepName = (typeof STEP_NAMES)[number];

/** Step labels and their order (001 §2: fixed 1, 2, 8, 9, 10; optional 3-7). */
export const STEPS: Record<TStepName, { label: string; order: number }> = {
  'select advertiser': { label: 'Select Advertiser', order: 1 },
  'campaign details': { label: 'Campaign Details', order: 2 },
  'campaign template details': { label: 'Campaign Template Details', order: 2 },
  'role titles': { label: 'Role/Title', order: 3 },
  'target companies': { label: 'Target Companies', order: 4 },
  'publication lists': { label: 'Publication Lists', order: 5 },
  'zip codes': { label: 'Zip Codes', order: 6 },
  'state provinces': { label: 'State/Province', order: 7 },
  'visitors retargeting segments': { label: 'Visitors Re-targeting Segments', order: 7 },
  'CRM retargeting segments': { label: 'CRM Re-targeting Segments', order: 7 },
  'landing page': { label: 'Landing Page', order: 8 },
  'ad group page': { label: 'Ad Group', order: 9 },
  'summary page': { label: 'Summary', order: 10 },
};

/** The ABM flow's fixed step list, in its order (001 §2). */
export const ABM_STEPS: readonly TStepName[] = [
  'select advertiser',
  'campaign details',
  'target companies',
  'CRM retargeting segments',
  'role titles',
  'landing page',
  'ad group page',
  'summary page',
];

/** The seven optional targeting layers of the custom and template pages, with their checkbox labels. */
export const TARGETING_LAYERS: ReadonlyArray<{ step: TStepName; label: string }> = [
  { step: 'state provinces', label: 'Geography (State / Province)' },
  { step: 'zip codes', label: 'Geography (ZIP Code)' },
  { step: 'publication lists', label: 'Publication Lists' },
  { step: 'target companies', label: 'Company Domain' },
  { step: 'role titles', label: 'Role / Title' },
  { step: 'visitors retargeting segments', label: 'Visitors Re-targeting Segments' },
  { step: 'CRM retargeting segments', label: 'CRM Re-targeting Segments' },
];

/**
 * Company matching of uploaded domain lists (ours: 001 §5 sets no numbers). The realtime event takes
 * up to 10,000 domains, sent in chunks of at most 200 entries so each chunk's work ends well inside
 * API Gateway's 29 s integration timeout; the REST twin must answer within those 29 s itself, so it
 * takes 500.
 */
export const CSV_MATCH_MAX_DOMAINS = 10_000;
export const CSV_MATCH_REST_MAX_DOMAINS = 500;
export const CSV_MATCH_CHUNK_MAX_ENTRIES = 200;
