import { queryAll, tables } from '../dynamodb';

/** An advertiser connected to a CRM portal (the `PORTAL#{portalId}` items the CRM connection writes). */
export interface TPortalAdvertiser {
  agencyId: string;
  advertiserId: string;
}

/** Reads of the portal -> advertiser mapping, for the CRM card's signed calls. */
export interface CrmPortalRepository {
  listPortalAdvertisers(portalId: number): Promise<TPortalAdvertiser[]>;
}

async function listPortalAdvertisers(portalId: number): Promise<TPortalAdvertiser[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `PORTAL#${portalId}`, ':prefix': 'ADV#' },
    ProjectionExpression: 'agencyId, advertiserId',
  });
  return items.flatMap((item) =>
    typeof item['agencyId'] === 'string' && typeof item['advertiserId'] === 'string'
      ? [{ agencyId: item['agencyId'], advertiserId: item['advertiserId'] }]
      : [],
  );
}

/** The DynamoDB implementation. */
export const crmPortalRepository: CrmPortalRepository = { listPortalAdvertisers };
