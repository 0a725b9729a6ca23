import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from '@bidgrid/shared/zod';
import { ZAdGroupRecord, ZCreativeRecord } from '../../domain/campaigns/campaign-records.schema';
import type { TAdGroupRecord, TCreativeRecord } from '../../domain/campaigns/campaign-records.schema';
import type { AdGroupRepository, TCreativeWriteResult, TPendingUpload } from '../../domain/ports/ad-group.port';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import { ddb, getConsistentItem, queryAll, queryPage, tables } from '../dynamodb';
import type { TCursorScope } from '../page-keys';
import type { Item } from '../dynamodb';
import { campaignKeys } from './campaign.repository';
import { idReservation } from './id-reservation';

/**
 * Keys of ad groups and creatives (DATA-MODEL): inside their campaign's partition, an ad group and
 * its creatives in one query (`AG#{ag}`, `AG#{ag}#CR#{cr}`). Pointer items under `AGENCY#{a}` find
 * them by id, written in the same transaction, so strongly consistent; so is the reservation of the id
 * across agencies (`id-reservation.ts`).
 */
export const adGroupKeys = {
  adGroup: (agencyId: string, campaignId: string, adGroupId: string) => ({
    pk: campaignKeys.campaignPartition(agencyId, campaignId),
    sk: `AG#${adGroupId}`,
  }),
  adGroupPointer: (agencyId: string, adGroupId: string) => ({ pk: `AGENCY#${agencyId}`, sk: `AG#${adGroupId}` }),
  creative: (agencyId: string, campaignId: string, adGroupId: string, creativeId: string) => ({
    pk: campaignKeys.campaignPartition(agencyId, campaignId),
    sk: `AG#${adGroupId}#CR#${creativeId}`,
  }),
  creativePointer: (agencyId: string, creativeId: string) => ({ pk: `AGENCY#${agencyId}`, sk: `CR#${creativeId}` }),
  /** A presigned upload the API issued: what the caller declared, checked when the asset is used. */
  upload: (agencyId: string, key: string) => ({ pk: `AGENCY#${agencyId}`, sk: `UPLOAD#${key}` }),
} as const;

const AD_GROUP = 'adGroup';
const CREATIVE = 'creative';

/** A pending upload item as read back: parsed, never trusted. */
const ZPendingUpload = z.object({
  key: z.string().check(z.minLength(1)),
  bgAdvertiserId: z.string().check(z.minLength(1)),
  mimetype: z.string().check(z.minLength(1)),
  size: z.number().check(z.int(), z.positive()),
  expiresAt: z.number().check(z.int()),
}) satisfies z.ZodMiniType<TPendingUpload>;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Runs a transaction; the index of the first item whose condition failed, or -1 when it passed. */
async function transact(items: TransactItem[]): Promise<number> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return -1;
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const index = (error.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (index >= 0) return index;
    }
    throw error;
  }
}

function creativeItem(agencyId: string, creative: TCreativeRecord): Item {
  return {
    ...adGroupKeys.creative(agencyId, creative.bgCampaignId, creative.adGroupId, creative.bgCreativeId),
    entity: CREATIVE,
    ...creative,
  };
}

async function getAdGroup(agencyId: string, adGroupId: string): Promise<TAdGroupRecord | null> {
  const pointer = await getConsistentItem(adGroupKeys.adGroupPointer(agencyId, adGroupId));
  const campaignId = pointer?.['bgCampaignId'];
  if (typeof campaignId !== 'string') return null;
  const item = await getConsistentItem(adGroupKeys.adGroup(agencyId, campaignId, adGroupId));
  return item && item['entity'] === AD_GROUP ? ZAdGroupRecord.parse(item) : null;
}

async function queryCampaignPartition(agencyId: string, campaignId: string, prefix: string): Promise<Item[]> {
  return queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': campaignKeys.campaignPartition(agencyId, campaignId), ':prefix': prefix },
  });
}

/** One page of one kind of item under a prefix of a campaign's partition. */
async function pageCampaignPartition(scope: TCursorScope, page: TPageRequest, entity: string): Promise<TPage<Item>> {
  return queryPage(
    scope,
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': scope.skPrefix },
    }),
    // `AG#` prefixes an ad group's creatives too: only items of the entity are kept.
    (item) => item['entity'] === entity,
  );
}

async function listAdGroups(agencyId: string, campaignId: string, page: TPageRequest): Promise<TPage<TAdGroupRecord>> {
  const scope = {
    list: 'adGroups',
    partitions: [campaignKeys.campaignPartition(agencyId, campaignId)],
    skPrefix: 'AG#',
  };
  return mapPage(await pageCampaignPartition(scope, page, AD_GROUP), (item) => ZAdGroupRecord.parse(item));
}

async function putNewAdGroup(agencyId: string, adGroup: TAdGroupRecord): Promise<boolean> {
  const table = tables().app;
  const failed = await transact([
    { Put: idReservation(table, 'adGroup', agencyId, adGroup.adGroupId) },
    {
      Put: {
        TableName: table,
        Item: {
          ...adGroupKeys.adGroupPointer(agencyId, adGroup.adGroupId),
          entity: 'adGroupPointer',
          bgCampaignId: adGroup.bgCampaignId,
          bgAdvertiserId: adGroup.bgAdvertiserId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...adGroupKeys.adGroup(agencyId, adGroup.bgCampaignId, adGroup.adGroupId),
          entity: AD_GROUP,
          ...adGroup,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return failed === -1;
}

async function deleteAdGroup(agencyId: string, adGroup: TAdGroupRecord): Promise<boolean> {
  const table = tables().app;
  const failed = await transact([
    {
      Delete: {
        TableName: table,
        Key: adGroupKeys.adGroup(agencyId, adGroup.bgCampaignId, adGroup.adGroupId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: table, Key: adGroupKeys.adGroupPointer(agencyId, adGroup.adGroupId) } },
  ]);
  return failed === -1;
}

async function getCreative(agencyId: string, creativeId: string): Promise<TCreativeRecord | null> {
  const pointer = await getConsistentItem(adGroupKeys.creativePointer(agencyId, creativeId));
  const campaignId = pointer?.['bgCampaignId'];
  const adGroupId = pointer?.['adGroupId'];
  if (typeof campaignId !== 'string' || typeof adGroupId !== 'string') return null;
  const item = await getConsistentItem(adGroupKeys.creative(agencyId, campaignId, adGroupId, creativeId));
  return item && item['entity'] === CREATIVE ? ZCreativeRecord.parse(item) : null;
}

async function listCreatives(agencyId: string, campaignId: string, adGroupId: string): Promise<TCreativeRecord[]> {
  const items = await queryCampaignPartition(agencyId, campaignId, `AG#${adGroupId}#CR#`);
  return items.filter((item) => item['entity'] === CREATIVE).map((item) => ZCreativeRecord.parse(item));
}

async function listCreativesPage(
  agencyId: string,
  campaignId: string,
  adGroupId: string,
  page: TPageRequest,
): Promise<TPage<TCreativeRecord>> {
  const scope = {
    list: 'creatives',
    partitions: [campaignKeys.campaignPartition(agencyId, campaignId)],
    skPrefix: `AG#${adGroupId}#CR#`,
  };
  return mapPage(await pageCampaignPartition(scope, page, CREATIVE), (item) => ZCreativeRecord.parse(item));
}

async function listCampaignCreatives(agencyId: string, campaignId: string): Promise<TCreativeRecord[]> {
  const items = await queryCampaignPartition(agencyId, campaignId, 'AG#');
  return items.filter((item) => item['entity'] === CREATIVE).map((item) => ZCreativeRecord.parse(item));
}

async function putNewCreative(agencyId: string, creative: TCreativeRecord): Promise<TCreativeWriteResult> {
  const table = tables().app;
  const failed = await transact([
    {
      ConditionCheck: {
        TableName: table,
        Key: adGroupKeys.adGroup(agencyId, creative.bgCampaignId, creative.adGroupId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Put: idReservation(table, 'creative', agencyId, creative.bgCreativeId) },
    {
      Put: {
        TableName: table,
        Item: {
          ...adGroupKeys.creativePointer(agencyId, creative.bgCreativeId),
          entity: 'creativePointer',
          bgCampaignId: creative.bgCampaignId,
          adGroupId: creative.adGroupId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: creativeItem(agencyId, creative),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (failed === -1) return 'ok';
  return failed === 0 ? 'no-ad-group' : 'exists';
}

async function replaceCreatives(agencyId: string, next: readonly TCreativeRecord[]): Promise<TCreativeWriteResult> {
  if (next.length === 0) return 'ok';
  if (next.length > 100) throw new Error('replaceCreatives: at most 100 creatives per transaction');
  const table = tables().app;
  const failed = await transact(
    next.map((creative) => ({
      Put: {
        TableName: table,
        Item: creativeItem(agencyId, creative),
        ConditionExpression: 'attribute_exists(pk) AND version = :previous',
        ExpressionAttributeValues: { ':previous': creative.version - 1 },
      },
    })),
  );
  return failed === -1 ? 'ok' : 'conflict';
}

async function deleteCreative(agencyId: string, creative: TCreativeRecord): Promise<TCreativeWriteResult> {
  const table = tables().app;
  const failed = await transact([
    {
      Delete: {
        TableName: table,
        Key: adGroupKeys.creative(agencyId, creative.bgCampaignId, creative.adGroupId, creative.bgCreativeId),
        ConditionExpression: 'attribute_exists(pk) AND version = :version',
        ExpressionAttributeValues: { ':version': creative.version },
      },
    },
    { Delete: { TableName: table, Key: adGroupKeys.creativePointer(agencyId, creative.bgCreativeId) } },
  ]);
  return failed === -1 ? 'ok' : 'conflict';
}

async function putUpload(agencyId: string, upload: TPendingUpload): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tables().app,
      Item: { ...adGroupKeys.upload(agencyId, upload.key), entity: 'pendingUpload', ...upload },
    }),
  );
}

async function getUpload(agencyId: string, key: string): Promise<TPendingUpload | null> {
  const item = await getConsistentItem(adGroupKeys.upload(agencyId, key));
  const parsed = ZPendingUpload.safeParse(item);
  return parsed.success ? parsed.data : null;
}

/** The DynamoDB implementation. */
export const adGroupRepository: AdGroupRepository = {
  getAdGroup,
  listAdGroups,
  putNewAdGroup,
  deleteAdGroup,
  getCreative,
  listCreatives,
  listCreativesPage,
  listCampaignCreatives,
  putNewCreative,
  replaceCreatives,
  deleteCreative,
  putUpload,
  getUpload,
};
