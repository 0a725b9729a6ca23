import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { ZAdvertiserRecord } from '../../domain/advertisers/advertiser-record.schema';
import type { TAdvertiserRecord } from '../../domain/advertisers/advertiser-record.schema';
import type { AdvertiserRepository, TBillableAdvertiser, TSavedCard } from '../../domain/ports/advertiser.port';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import {
  conditionalUpdate,
  ddb,
  getConsistentItem,
  isConditionalCheckFailed,
  queryPage,
  tables,
  transactUnlessConditionFails,
} from '../dynamodb';
import type { Item } from '../dynamodb';
import { idReservation } from './id-reservation';

/** Keys of advertiser items (DATA-MODEL): under the agency, so another agency's id finds nothing. */
export const advertiserKeys = {
  advertiser: (agencyId: string, advertiserId: string) => ({ pk: `AGENCY#${agencyId}`, sk: `ADV#${advertiserId}` }),
} as const;

/**
 * The sparse index entry of advertisers with a saved card (gsi1): the billing job's work list. It is
 * the one key not under an agency: the job bills every agency, and each entry names its agency.
 */
export const BILLABLE_INDEX_PK = 'BILLABLE';
const ENTITY = 'advertiser';

function toRecord(item: Item): TAdvertiserRecord {
  return ZAdvertiserRecord.parse(item);
}

async function getAdvertiser(agencyId: string, advertiserId: string): Promise<TAdvertiserRecord | null> {
  const item = await getConsistentItem(advertiserKeys.advertiser(agencyId, advertiserId));
  return item && item['entity'] === ENTITY ? toRecord(item) : null;
}

async function listAdvertisers(agencyId: string, page: TPageRequest): Promise<TPage<TAdvertiserRecord>> {
  // `ADV#` also prefixes an advertiser's campaigns and CRM item: only advertiser items are kept (a page
  // may read past many campaigns; `queryPage` bounds how many reads one page makes).
  const items = await queryPage(
    { list: 'advertisers', partitions: [`AGENCY#${agencyId}`], skPrefix: 'ADV#' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'entity = :entity',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'ADV#', ':entity': ENTITY },
    }),
  );
  return mapPage(items, toRecord);
}

async function putNewAdvertiser(agencyId: string, advertiser: TAdvertiser): Promise<boolean> {
  const table = tables().app;
  // The id is reserved across agencies with it: a client-made id another agency holds is refused.
  return transactUnlessConditionFails([
    { Put: idReservation(table, 'advertiser', agencyId, advertiser.bgAdvertiserId) },
    {
      Put: {
        TableName: table,
        Item: { ...advertiserKeys.advertiser(agencyId, advertiser.bgAdvertiserId), entity: ENTITY, ...advertiser },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

async function setStripeCustomer(agencyId: string, advertiserId: string, customerId: string): Promise<string | null> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tables().app,
        Key: advertiserKeys.advertiser(agencyId, advertiserId),
        UpdateExpression: 'SET stripeCustomerId = :customer',
        ConditionExpression:
          'attribute_exists(pk) AND entity = :entity AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :null)',
        ExpressionAttributeValues: { ':customer': customerId, ':entity': ENTITY, ':null': null },
      }),
    );
    return customerId;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const current = await getAdvertiser(agencyId, advertiserId);
    return current?.stripeCustomerId ?? null;
  }
}

async function saveCard(
  agencyId: string,
  advertiserId: string,
  customerId: string,
  card: TSavedCard,
): Promise<TAdvertiserRecord | null> {
  try {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tables().app,
        Key: advertiserKeys.advertiser(agencyId, advertiserId),
        UpdateExpression:
          'SET paymentMethod = :summary, advertiser_card_name = :name, billingEmail = :email, ' +
          'stripePaymentMethodId = :pm, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk REMOVE billingBlockedPaymentMethodId',
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity AND stripeCustomerId = :customer',
        ExpressionAttributeValues: {
          ':summary': { card: { last4: card.last4, brand: card.brand } },
          ':name': card.friendlyName,
          ':email': card.billingEmail,
          ':pm': card.paymentMethodId,
          ':gsi1pk': BILLABLE_INDEX_PK,
          ':gsi1sk': `${agencyId}#${advertiserId}`,
          ':entity': ENTITY,
          ':customer': customerId,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes ? toRecord(result.Attributes) : null;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

async function updateCardSummary(
  agencyId: string,
  advertiserId: string,
  paymentMethodId: string,
  card: { last4: string; brand: string },
): Promise<boolean> {
  return conditionalUpdate({
    TableName: tables().app,
    Key: advertiserKeys.advertiser(agencyId, advertiserId),
    UpdateExpression: 'SET paymentMethod = :summary',
    ConditionExpression: 'attribute_exists(pk) AND stripePaymentMethodId = :pm',
    ExpressionAttributeValues: { ':summary': { card }, ':pm': paymentMethodId },
  });
}

async function clearCard(agencyId: string, advertiserId: string, paymentMethodId: string): Promise<boolean> {
  return conditionalUpdate({
    TableName: tables().app,
    Key: advertiserKeys.advertiser(agencyId, advertiserId),
    UpdateExpression:
      'SET paymentMethod = :null REMOVE stripePaymentMethodId, gsi1pk, gsi1sk, billingBlockedPaymentMethodId',
    ConditionExpression: 'attribute_exists(pk) AND stripePaymentMethodId = :pm',
    ExpressionAttributeValues: { ':null': null, ':pm': paymentMethodId },
  });
}

async function listBillable(): Promise<TBillableAdvertiser[]> {
  const entries: TBillableAdvertiser[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tables().app,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': BILLABLE_INDEX_PK },
        ProjectionExpression: 'gsi1sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const key = item['gsi1sk'];
      if (typeof key !== 'string') continue;
      const split = key.indexOf('#');
      if (split <= 0) continue;
      entries.push({ agencyId: key.slice(0, split), advertiserId: key.slice(split + 1) });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}

async function advanceBilledThrough(
  agencyId: string,
  advertiserId: string,
  previous: string | null,
  next: string,
  chargedAt: string,
): Promise<boolean> {
  return conditionalUpdate({
    TableName: tables().app,
    Key: advertiserKeys.advertiser(agencyId, advertiserId),
    UpdateExpression: 'SET billedThrough = :next, lastChargedAt = :at',
    ConditionExpression:
      previous === null
        ? 'attribute_exists(pk) AND (attribute_not_exists(billedThrough) OR billedThrough = :null)'
        : 'attribute_exists(pk) AND billedThrough = :previous',
    ExpressionAttributeValues: {
      ':next': next,
      ':at': chargedAt,
      ...(previous === null ? { ':null': null } : { ':previous': previous }),
    },
  });
}

async function blockBilling(agencyId: string, advertiserId: string, paymentMethodId: string): Promise<void> {
  await conditionalUpdate({
    TableName: tables().app,
    Key: advertiserKeys.advertiser(agencyId, advertiserId),
    UpdateExpression: 'SET billingBlockedPaymentMethodId = :pm',
    // Only while that card is still the saved one: a card saved meanwhile must not be blocked.
    ConditionExpression: 'attribute_exists(pk) AND stripePaymentMethodId = :pm',
    ExpressionAttributeValues: { ':pm': paymentMethodId },
  });
}

/** The DynamoDB implementation used by the handlers and the billing job. */
export const advertiserRepository: AdvertiserRepository = {
  getAdvertiser,
  listAdvertisers,
  putNewAdvertiser,
  setStripeCustomer,
  saveCard,
  updateCardSummary,
  clearCard,
  listBillable,
  advanceBilledThrough,
  blockBilling,
};
