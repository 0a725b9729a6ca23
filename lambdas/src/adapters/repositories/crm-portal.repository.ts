import type { CrmPortalRepository, TPortalAdvertiser } from '../../domain/ports/crm-connection.port';
import { queryAll, tables } from '../dynamodb';

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
