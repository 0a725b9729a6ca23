import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ZCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { ZCampaignRecord, ZLineItemRecord } from '../../domain/campaigns/campaign-records.schema';
import type { TCampaignRecord, TLineItemRecord } from '../../domain/campaigns/campaign-records.schema';
import type {
  CampaignRepository,
  TCampaignSummary,
  TSyncCandidate,
  TTargetingCommit,
  TTargetingState,
} from '../../domain/ports/campaign.port';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import {
  batchDelete,
  batchPut,
  conditionalPut,
  ddb,
  getConsistentItem,
  isConditionalCheckFailed,
  queryAll,
  queryPage,
  tables,
  transactUnlessConditionFails,
} from '../dynamodb';
import type { Item } from '../dynamodb';
import { idReservation, idReservationKey } from './id-reservation';

/**
 * Keys of campaigns, line items and targeting in the app table (DATA-MODEL). Every key starts with
 * the caller's agency, so another agency's id finds nothing. Look-ups by id go through small
 * pointer items under `AGENCY#{a}` that are written in the same transaction as what they point at,
 * so they are strongly consistent (a GSI would not be).
 */
export const campaignKeys = {
  campaign: (agencyId: string, advertiserId: string, campaignId: string) => ({
    pk: `AGENCY#${agencyId}`,
    sk: `ADV#${advertiserId}#CAMP#${campaignId}`,
  }),
  /** Campaign id -> its advertiser (so `GET /campaign/{id}` finds the campaign item). */
  campaignPointer: (agencyId: string, campaignId: string) => ({ pk: `AGENCY#${agencyId}`, sk: `CAMP#${campaignId}` }),
  advertiserCampaignsPrefix: (advertiserId: string) => `ADV#${advertiserId}#CAMP#`,
  /** The partition of everything inside a campaign: line items, targeting, ad groups, creatives. */
  campaignPartition: (agencyId: string, campaignId: string) => `AGENCY#${agencyId}#CAMP#${campaignId}`,
  lineItem: (agencyId: string, campaignId: string, beeswaxLineItemId: number) => ({
    pk: `AGENCY#${agencyId}#CAMP#${campaignId}`,
    sk: `LI#${beeswaxLineItemId}`,
  }),
  /** Bidder line item id -> its campaign: the status calls name a line item by its bidder id only. */
  lineItemPointer: (agencyId: string, beeswaxLineItemId: number) => ({
    pk: `AGENCY#${agencyId}`,
    sk: `BIDLI#${beeswaxLineItemId}`,
  }),
  targeting: (agencyId: string, campaignId: string) => ({
    pk: `AGENCY#${agencyId}#CAMP#${campaignId}`,
    sk: 'TARGETING',
  }),
  /**
   * Campaign id -> the agency it belongs to. The one campaign key not under an agency: client-chosen
   * ids must be unique across agencies, so another agency's id is refused rather than shadowed.
   */
  reservation: (campaignId: string) => idReservationKey('campaign', campaignId),
  /** An activity entry: sorted by time, so the newest come first in a descending query. */
  activity: (agencyId: string, campaignId: string, at: string, id: string) => ({
    pk: `AGENCY#${agencyId}#CAMP#${campaignId}`,
    sk: `ACT#${at}#${id}`,
  }),
} as const;

/**
 * The sparse gsi1 entry every campaign carries: the report sync's work list across agencies (a
 * Query, never a Scan). Sorted by end date, so "active and recently ended" is one key range.
 */
export const SYNC_INDEX_PK = 'SYNC#CAMPAIGN';
const syncIndexSk = (record: TCampaignRecord) => `${record.end_date}#${record.agencyId}#${record.bgCampaignId}`;

const CAMPAIGN = 'campaign';
const LINE_ITEM = 'lineItem';
const ACTIVITY = 'campaignActivity';

function campaignItem(record: TCampaignRecord): Item {
  return {
    ...campaignKeys.campaign(record.agencyId, record.bgAdvertiserId, record.bgCampaignId),
    entity: CAMPAIGN,
    ...record,
    gsi1pk: SYNC_INDEX_PK,
    gsi1sk: syncIndexSk(record),
  };
}

function lineItemItem(agencyId: string, record: TLineItemRecord): Item {
  return {
    ...campaignKeys.lineItem(agencyId, record.bgCampaignId, record.beeswaxLineItemId),
    entity: LINE_ITEM,
    ...record,
  };
}

async function getCampaign(agencyId: string, campaignId: string): Promise<TCampaignRecord | null> {
  const pointer = await getConsistentItem(campaignKeys.campaignPointer(agencyId, campaignId));
  const advertiserId = pointer?.['bgAdvertiserId'];
  if (typeof advertiserId !== 'string') return null;
  const item = await getConsistentItem(campaignKeys.campaign(agencyId, advertiserId, campaignId));
  return item && item['entity'] === CAMPAIGN ? ZCampaignRecord.parse(item) : null;
}

async function getCampaignSummary(agencyId: string, campaignId: string): Promise<TCampaignSummary | null> {
  const pointer = await getConsistentItem(campaignKeys.campaignPointer(agencyId, campaignId));
  const advertiserId = pointer?.['bgAdvertiserId'];
  if (typeof advertiserId !== 'string') return null;
  const video = pointer?.['isVideoCampaign'];
  if (typeof video === 'boolean')
    return { bgCampaignId: campaignId, bgAdvertiserId: advertiserId, isVideoCampaign: video };
  // A pointer written before it carried the media type: read the campaign.
  const campaign = await getCampaign(agencyId, campaignId);
  return campaign
    ? { bgCampaignId: campaignId, bgAdvertiserId: campaign.bgAdvertiserId, isVideoCampaign: campaign.isVideoCampaign }
    : null;
}

async function listCampaigns(agencyId: string, advertiserId: string): Promise<TCampaignRecord[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': `AGENCY#${agencyId}`,
      ':prefix': campaignKeys.advertiserCampaignsPrefix(advertiserId),
    },
  });
  // An item that is not a whole campaign (written by hand, half migrated) is left out rather than
  // taking the advertiser's whole dashboard down with it.
  return items.flatMap((item) => {
    if (item['entity'] !== CAMPAIGN) return [];
    const parsed = ZCampaignRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A campaign item as a record; null for an item that is not a whole campaign (left out of lists). */
function campaignOf(item: Item): TCampaignRecord | null {
  if (item['entity'] !== CAMPAIGN) return null;
  const parsed = ZCampaignRecord.safeParse(item);
  return parsed.success ? parsed.data : null;
}

async function listCampaignsPage(
  agencyId: string,
  advertiserId: string,
  page: TPageRequest,
): Promise<TPage<TCampaignRecord>> {
  const prefix = campaignKeys.advertiserCampaignsPrefix(advertiserId);
  const items = await queryPage(
    { list: `campaigns/${advertiserId}`, partitions: [`AGENCY#${agencyId}`], skPrefix: prefix },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    }),
    (item) => campaignOf(item) !== null,
  );
  return { items: items.items.map((item) => campaignOf(item) as TCampaignRecord), nextCursor: items.nextCursor };
}

function reserveCampaignId(agencyId: string, campaignId: string): Promise<boolean> {
  return conditionalPut(idReservation(tables().app, 'campaign', agencyId, campaignId));
}

async function replaceCampaign(next: TCampaignRecord): Promise<TCampaignRecord | null> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tables().app,
        Item: campaignItem(next),
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity AND version = :previous',
        ExpressionAttributeValues: { ':entity': CAMPAIGN, ':previous': next.version - 1 },
      }),
    );
    return next;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

async function putNewCampaign(
  campaign: TCampaignRecord,
  lineItems: readonly TLineItemRecord[],
  targeting: TTargetingSelections,
): Promise<boolean> {
  const table = tables().app;
  const { agencyId, bgCampaignId, bgAdvertiserId } = campaign;
  // Line items are only ever read through their campaign, so they may land first, in batches; the
  // pointers that reach them by bidder id too (a status call for an invisible campaign answers 404
  // until the campaign item exists: the use cases load the campaign before acting). If the campaign
  // is not written after all, they go again: their bidder ids are this attempt's own, so nothing
  // anyone else wrote is removed.
  const lineItemKeys = lineItems.flatMap((lineItem) => [
    campaignKeys.lineItem(agencyId, bgCampaignId, lineItem.beeswaxLineItemId),
    campaignKeys.lineItemPointer(agencyId, lineItem.beeswaxLineItemId),
  ]);
  const removeLineItems = () => batchDelete(table, lineItemKeys);
  try {
    await batchPut(
      table,
      lineItems.flatMap((lineItem) => [
        lineItemItem(agencyId, lineItem),
        {
          ...campaignKeys.lineItemPointer(agencyId, lineItem.beeswaxLineItemId),
          entity: 'lineItemPointer',
          bgCampaignId,
          bgAdvertiserId,
        },
      ]),
    );
  } catch (error) {
    await removeLineItems();
    throw error;
  }
  const items: TransactItem[] = [
    { Put: idReservation(table, 'campaign', agencyId, bgCampaignId) },
    {
      Put: {
        TableName: table,
        Item: { ...campaignKeys.targeting(agencyId, bgCampaignId), entity: 'targeting', ...targeting },
      },
    },
    {
      Put: {
        TableName: table,
        // The media type never changes (000 §5), so the pointer may carry it for the reports.
        Item: {
          ...campaignKeys.campaignPointer(agencyId, bgCampaignId),
          entity: 'campaignPointer',
          bgAdvertiserId,
          isVideoCampaign: campaign.isVideoCampaign,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: table, Item: campaignItem(campaign), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  let written: boolean;
  try {
    written = await transactUnlessConditionFails(items);
  } catch (error) {
    await removeLineItems();
    throw error;
  }
  if (!written) await removeLineItems();
  return written;
}

async function listLineItems(agencyId: string, campaignId: string): Promise<TLineItemRecord[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': campaignKeys.campaignPartition(agencyId, campaignId), ':prefix': 'LI#' },
  });
  return items.filter((item) => item['entity'] === LINE_ITEM).map((item) => ZLineItemRecord.parse(item));
}

async function listLineItemsPage(
  agencyId: string,
  campaignId: string,
  page: TPageRequest,
): Promise<TPage<TLineItemRecord>> {
  const partition = campaignKeys.campaignPartition(agencyId, campaignId);
  const items = await queryPage(
    { list: 'lineItems', partitions: [partition], skPrefix: 'LI#' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'LI#' },
    }),
    (item) => item['entity'] === LINE_ITEM,
  );
  return { items: items.items.map((item) => ZLineItemRecord.parse(item)), nextCursor: items.nextCursor };
}

async function getLineItemByBidderId(agencyId: string, beeswaxLineItemId: number): Promise<TLineItemRecord | null> {
  const pointer = await getConsistentItem(campaignKeys.lineItemPointer(agencyId, beeswaxLineItemId));
  const campaignId = pointer?.['bgCampaignId'];
  if (typeof campaignId !== 'string') return null;
  const item = await getConsistentItem(campaignKeys.lineItem(agencyId, campaignId, beeswaxLineItemId));
  return item && item['entity'] === LINE_ITEM ? ZLineItemRecord.parse(item) : null;
}

async function replaceLineItem(agencyId: string, next: TLineItemRecord): Promise<TLineItemRecord | null> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tables().app,
        Item: lineItemItem(agencyId, next),
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity AND version = :previous',
        ExpressionAttributeValues: { ':entity': LINE_ITEM, ':previous': next.version - 1 },
      }),
    );
    return next;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

async function getTargeting(agencyId: string, campaignId: string): Promise<TTargetingSelections | null> {
  const item = await getConsistentItem(campaignKeys.targeting(agencyId, campaignId));
  return item ? ZTargetingSelections.parse(item) : null;
}

async function getTargetingState(agencyId: string, campaignId: string): Promise<TTargetingState | null> {
  const item = await getConsistentItem(campaignKeys.targeting(agencyId, campaignId));
  if (!item) return null;
  const revision = item['revision'];
  return { targeting: ZTargetingSelections.parse(item), revision: typeof revision === 'number' ? revision : 0 };
}

/**
 * One transaction: the targeting only at the revision the change was planned on (a missing
 * `revision` is revision 0: targeting stored at creation), the campaign only at its version, the
 * line items and their pointers added and removed, the activity entry. Any condition failing writes
 * nothing; that is the "changed meanwhile" answer.
 */
async function commitTargetingChange(agencyId: string, commit: TTargetingCommit): Promise<boolean> {
  const table = tables().app;
  const { campaign } = commit;
  const { bgCampaignId, bgAdvertiserId } = campaign;
  const previous = commit.revision - 1;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: {
          ...campaignKeys.targeting(agencyId, bgCampaignId),
          entity: 'targeting',
          ...commit.targeting,
          revision: commit.revision,
        },
        ConditionExpression:
          previous === 0
            ? 'attribute_exists(pk) AND (attribute_not_exists(revision) OR revision = :previous)'
            : 'attribute_exists(pk) AND revision = :previous',
        ExpressionAttributeValues: { ':previous': previous },
      },
    },
    {
      Put: {
        TableName: table,
        Item: campaignItem(campaign),
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity AND version = :previous',
        ExpressionAttributeValues: { ':entity': CAMPAIGN, ':previous': campaign.version - 1 },
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...campaignKeys.activity(agencyId, bgCampaignId, commit.activity.at, commit.activity.id),
          entity: ACTIVITY,
          ...commit.activity,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...commit.addLineItems.flatMap((lineItem): TransactItem[] => [
      {
        Put: {
          TableName: table,
          Item: lineItemItem(agencyId, lineItem),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table,
          Item: {
            ...campaignKeys.lineItemPointer(agencyId, lineItem.beeswaxLineItemId),
            entity: 'lineItemPointer',
            bgCampaignId,
            bgAdvertiserId,
          },
        },
      },
    ]),
    ...commit.removeLineItems.flatMap((lineItem): TransactItem[] => [
      {
        // Only the line item as it was read: a status switched meanwhile makes the change retry.
        Delete: {
          TableName: table,
          Key: campaignKeys.lineItem(agencyId, bgCampaignId, lineItem.beeswaxLineItemId),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': lineItem.version },
        },
      },
      { Delete: { TableName: table, Key: campaignKeys.lineItemPointer(agencyId, lineItem.beeswaxLineItemId) } },
    ]),
  ];
  return transactUnlessConditionFails(items);
}

function activityOf(item: Item): TCampaignActivity | null {
  if (item['entity'] !== ACTIVITY) return null;
  const parsed = ZCampaignActivity.safeParse(item);
  return parsed.success ? parsed.data : null;
}

async function listActivityPage(
  agencyId: string,
  campaignId: string,
  page: TPageRequest,
): Promise<TPage<TCampaignActivity>> {
  const partition = campaignKeys.campaignPartition(agencyId, campaignId);
  const items = await queryPage(
    { list: `activity/${campaignId}`, partitions: [partition], skPrefix: 'ACT#' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'ACT#' },
      ScanIndexForward: false,
    }),
    (item) => activityOf(item) !== null,
  );
  return { items: items.items.map((item) => activityOf(item) as TCampaignActivity), nextCursor: items.nextCursor };
}

async function listSyncCandidates(endOnOrAfter: string, after?: string): Promise<TSyncCandidate[]> {
  const items = await queryAll({
    TableName: tables().app,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :from',
    ExpressionAttributeValues: {
      ':pk': SYNC_INDEX_PK,
      // The bare day sorts before every `{day}#...` key of that day, so campaigns ending on it are in.
      ':from': after !== undefined && after > endOnOrAfter ? after : endOnOrAfter,
    },
    ProjectionExpression: 'agencyId, bgAdvertiserId, bgCampaignId, gsi1sk',
  });
  return items.flatMap((item) => {
    const { agencyId, bgAdvertiserId, bgCampaignId, gsi1sk } = item;
    if (
      typeof agencyId !== 'string' ||
      typeof bgAdvertiserId !== 'string' ||
      typeof bgCampaignId !== 'string' ||
      typeof gsi1sk !== 'string'
    ) {
      return [];
    }
    return [{ agencyId, bgAdvertiserId, bgCampaignId, position: gsi1sk }];
  });
}

/** The DynamoDB implementation. */
export const campaignRepository: CampaignRepository = {
  getCampaign,
  getCampaignSummary,
  listCampaigns,
  listCampaignsPage,
  reserveCampaignId,
  replaceCampaign,
  putNewCampaign,
  listLineItems,
  listLineItemsPage,
  getLineItemByBidderId,
  replaceLineItem,
  getTargeting,
  getTargetingState,
  commitTargetingChange,
  listActivityPage,
  listSyncCandidates,
};
