import { sumRows } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { CampaignSpendRepository, TBilledCampaign } from '../../domain/ports/campaign-spend.port';
import { queryAll, tables } from '../dynamodb';

/** Keys the billing job reads (DATA-MODEL): campaign items in the app table, daily rows in reports. */
export const campaignSpendKeys = {
  advertiserCampaignsPrefix: (advertiserId: string) => `ADV#${advertiserId}#CAMP#`,
  campaignDays: (agencyId: string, campaignId: string) => `AGENCY#${agencyId}#CAMP#${campaignId}`,
  day: (isoDay: string) => `DAY#${isoDay}`,
} as const;

async function listCampaigns(agencyId: string, advertiserId: string): Promise<TBilledCampaign[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': `AGENCY#${agencyId}`,
      ':prefix': campaignSpendKeys.advertiserCampaignsPrefix(advertiserId),
    },
    ProjectionExpression: 'bgCampaignId, #name, createdBy',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  return items.flatMap((item) => {
    const id = item['bgCampaignId'];
    if (typeof id !== 'string') return [];
    const name = item['name'];
    const createdBy = item['createdBy'];
    return [
      {
        bgCampaignId: id,
        name: typeof name === 'string' ? name : id,
        createdBy: typeof createdBy === 'string' ? createdBy : null,
      },
    ];
  });
}

async function spendMicros(
  agencyId: string,
  campaignId: string,
  fromDay: string | null,
  toDay: string,
): Promise<number> {
  const pk = campaignSpendKeys.campaignDays(agencyId, campaignId);
  // `DAY#` sorts before every `DAY#YYYY-MM-DD`, so a missing start reads from the first day.
  const from = fromDay === null ? 'DAY#' : campaignSpendKeys.day(fromDay);
  const rows = await queryAll({
    TableName: tables().reports,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': campaignSpendKeys.day(toDay) },
    ProjectionExpression: 'spend_micros',
  });
  return sumRows(rows as Array<Partial<TMetricCounts>>).spend_micros;
}

/** The DynamoDB implementation used by the billing job. */
export const campaignSpendRepository: CampaignSpendRepository = { listCampaigns, spendMicros };
