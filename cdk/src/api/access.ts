import type { AnyOperation } from '@bidgrid/shared/api/operation';
import type { DataAccess } from '../lambda/grants';

/**
 * GET operations that write all the same, so a method-based rule would starve them:
 * - getHubspotAuthUrl stores the one-time OAuth state it puts in the URL;
 * - createCardSetupIntent creates and records the advertiser's payment customer;
 * - getCreativeUploadUrl records the pending upload it presigns;
 * - addCompanyToCampaign is the CRM card's GET that adds a company (spec 001 §7);
 * - listHubspotPages refreshes the advertiser's CRM access token when it is due (a conditional write);
 * - listHubspotLists, getCompanySortValues and getHubspotCompanyProperties do the same.
 * A test checks every name here and below is in the operation table, so a rename cannot silently drop one.
 */
export const WRITES_ON_GET: ReadonlySet<string> = new Set([
  'getHubspotAuthUrl',
  'createCardSetupIntent',
  'getCreativeUploadUrl',
  'addCompanyToCampaign',
  'listHubspotPages',
  'listHubspotLists',
  'getCompanySortValues',
  'getHubspotCompanyProperties',
]);

/** Operations that read users of the user pool: agency creation checks the user its sign-up registered. */
export const READS_USER_POOL: ReadonlySet<string> = new Set(['createAgency']);

/** Operations that touch no store and no secret (liveness must not depend on DynamoDB). */
export const NO_DATA_ACCESS: ReadonlySet<string> = new Set(['getHealth']);

/**
 * Operations whose path names no creative feature but that read creative files all the same:
 * getAdvertiserPageFirstScreen answers the newest ad group's creatives as getCreativesReport does, whose
 * preview URLs are presigned GETs of the bucket (signed with the function's own role).
 */
export const READS_CREATIVE_FILES: ReadonlySet<string> = new Set(['getAdvertiserPageFirstScreen']);

// Path segments of features that keep files in the creative bucket (creatives, their ad groups
// and templates, presigned uploads).
const CREATIVE_STORAGE_SEGMENT = /^(creatives?|adgroups?)$/i;

/** True when an operation reads or writes creative files. */
export function usesCreativeStorage(op: AnyOperation): boolean {
  if (op.bodyKind === 'form' || READS_CREATIVE_FILES.has(op.name)) return true;
  return op.path.split('/').some((segment) => CREATIVE_STORAGE_SEGMENT.test(segment));
}

/**
 * What the Lambda of one REST operation may reach, decided from the table alone so that a new
 * operation needs no CDK edit: GET reads, every other method reads and writes (plus the
 * exceptions above); report tables are read-only for the API (the sync job writes them); only
 * creative features touch the bucket; public operations read the app table and no secret; health
 * reads nothing at all.
 */
export function operationAccess(op: AnyOperation): DataAccess {
  if (NO_DATA_ACCESS.has(op.name)) return { tables: {}, secrets: false };
  if (op.auth === 'public') return { tables: { app: 'read' }, secrets: false };
  const writes = op.method !== 'GET' || WRITES_ON_GET.has(op.name);
  const level = writes ? 'readWrite' : 'read';
  return {
    tables: { app: level, reports: 'read' },
    ...(usesCreativeStorage(op) ? { bucket: level } : {}),
    ...(READS_USER_POOL.has(op.name) ? { readUsers: true } : {}),
    secrets: true,
  };
}
