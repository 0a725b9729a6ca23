import { describe, expect, it } from 'vitest';
import { operations, operationsByName } from '@bidgrid/shared/api/operations';
import {
  NO_DATA_ACCESS,
  READS_CREATIVE_FILES,
  READS_USER_POOL,
  WRITES_ON_GET,
  operationAccess,
  usesCreativeStorage,
} from './access';

const named = (name: string) => {
  const op = operationsByName.get(name);
  if (!op) throw new Error(`No operation ${name}`);
  return op;
};

describe('per-operation data access', () => {
  it('names only operations of the table in its exceptions', () => {
    for (const name of [...WRITES_ON_GET, ...NO_DATA_ACCESS, ...READS_USER_POOL, ...READS_CREATIVE_FILES])
      expect(operationsByName.has(name), name).toBe(true);
    for (const name of WRITES_ON_GET) expect(named(name).method).toBe('GET');
  });

  it('reads on GET and reads and writes otherwise', () => {
    expect(operationAccess(named('getPlaybooks'))).toEqual({ tables: { app: 'read', reports: 'read' }, secrets: true });
    expect(operationAccess(named('createAgency')).tables).toEqual({ app: 'readWrite', reports: 'read' });
    expect(operationAccess(named('getHubspotAuthUrl')).tables.app).toBe('readWrite');
    // Reading the CRM may refresh the advertiser's access token, a write.
    expect(operationAccess(named('listHubspotPages')).tables.app).toBe('readWrite');
  });

  it('touches nothing for health, and no secret for public operations', () => {
    expect(operationAccess(named('getHealth'))).toEqual({ tables: {}, secrets: false });
    for (const op of operations.filter((o) => o.auth === 'public')) expect(operationAccess(op).secrets).toBe(false);
  });

  it('grants the creative bucket to creative features only', () => {
    expect(usesCreativeStorage(named('uploadCreative'))).toBe(true);
    expect(operationAccess(named('getCreativeUploadUrl')).bucket).toBe('readWrite');
    expect(operationAccess(named('listCreativesByAdGroup')).bucket).toBe('read');
    expect(operationAccess(named('deleteAdGroup')).bucket).toBe('readWrite');
    expect(operationAccess(named('listAdvertisersByAgency')).bucket).toBeUndefined();
    expect(operationAccess(named('createAgency')).bucket).toBeUndefined();
  });

  it("gives the advertiser page's first screen exactly what its parts' operations get: reads only", () => {
    // Prepare: the operations whose use cases the first screen runs.
    const parts = [
      'getAdvertiser',
      'listCampaignsByAdvertiser',
      'getLineItemsReport',
      'getCampaignTargetingSelections',
      'listCampaignActivity',
      'listAdGroupsByCampaign',
      'getCreativesReport',
    ].map((name) => operationAccess(named(name)));
    const union = {
      tables: Object.assign({}, ...parts.map((part) => part.tables)) as Record<string, string>,
      bucket: parts.find((part) => part.bucket)?.bucket,
      secrets: parts.some((part) => part.secrets),
    };

    // Act
    const access = operationAccess(named('getAdvertiserPageFirstScreen'));

    // Assess
    expect(access).toEqual(union);
    expect(access).toEqual({ tables: { app: 'read', reports: 'read' }, bucket: 'read', secrets: true });
  });
});
