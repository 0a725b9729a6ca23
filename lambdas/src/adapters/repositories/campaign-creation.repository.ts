import { nowMs } from '@bidgrid/shared/clock';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@bidgrid/shared/zod';
import { ZCompanyRow, ZEmailGroup } from '@bidgrid/shared/targeting/company.schema';
import type {
  CampaignCreationRepository,
  TCampaignCreatedEvent,
  TCreationClaim,
  TCreationJournal,
  TLayerTrace,
  TStagedChunk,
  TStaleCreation,
} from '../../domain/ports/campaign-creation.port';
import {
  batchDelete,
  conditionalPut,
  conditionalUpdate,
  ddb,
  getConsistentItem,
  isConditionalCheckFailed,
  queryAll,
  tables,
} from '../dynamodb';
import { campaignKeys } from './campaign.repository';

/**
 * Keys of a campaign's creation in the app table (DATA-MODEL "campaign creation"):
 * - the claim `AGENCY#{a}` / `CREATING#{campaignId}` {owner, leaseUntil, beeswaxAdvertiserId,
 *   beeswaxCampaignId?, conversionEventId?, layersMade?}: written with a condition (free, or its lease ran out, or
 *   ours), so of two requests for one campaign id only one makes it; the other waits for the
 *   campaign. Its request renews the lease while it works and journals the bidder ids it made; it is
 *   deleted when its request ends. A claim whose lease ran out is an interrupted creation: the next
 *   claimer or the recovery job undoes it (no TTL: it must stay until then). Every claim is in the
 *   sparse index `gsi1` (`CREATION_CLAIMS` / `{a}#{campaignId}`), the recovery job's work list;
 * - the chunks of a long realtime request `AGENCY#{a}#CREATECALL#{user}#{reqID}` / `CHUNK#{index}`
 *   {count, bgCampaignId, companies, emailGroups}, kept until the last chunk arrives (TTL one day);
 * - the activity record of a created campaign `AGENCY#{a}` / `ACTIVITY#CAMPAIGN_CREATED#{campaignId}`
 *   (`POST /campaign/event`), written once (conditional), kept.
 */
export const campaignCreationKeys = {
  claim: (agencyId: string, campaignId: string) => ({ pk: `AGENCY#${agencyId}`, sk: `CREATING#${campaignId}` }),
  callPartition: (agencyId: string, callKey: string) => `AGENCY#${agencyId}#CREATECALL#${callKey}`,
  chunk: (agencyId: string, callKey: string, index: number) => ({
    pk: `AGENCY#${agencyId}#CREATECALL#${callKey}`,
    sk: `CHUNK#${String(index).padStart(5, '0')}`,
  }),
  created: (agencyId: string, campaignId: string) => ({
    pk: `AGENCY#${agencyId}`,
    sk: `ACTIVITY#CAMPAIGN_CREATED#${campaignId}`,
  }),
} as const;

/** Kept chunks go after a day, whatever happened to their request. */
const TTL_SECONDS = 24 * 3600;

const ZStoredChunk = z.object({
  index: z.number().check(z.int(), z.gte(0)),
  count: z.number().check(z.int(), z.gte(1)),
  bgCampaignId: z.string(),
  companies: z.array(ZCompanyRow),
  emailGroups: z._default(z.array(ZEmailGroup), []),
});

/** The index partition of every claim (few at a time: only creations under way or interrupted). */
const CLAIMS_INDEX_PK = 'CREATION_CLAIMS';

const ZJournal = z.object({
  owner: z.string(),
  agencyId: z.string(),
  bgCampaignId: z.string(),
  leaseUntil: z.number(),
  beeswaxAdvertiserId: z.number(),
  beeswaxCampaignId: z.optional(z.number()),
  conversionEventId: z.optional(z.number()),
  layersMade: z.optional(
    z.array(
      z.object({
        layer: z.enum(['publicationLists', 'roleTitles', 'retargetingSegments', 'crmEmails']),
        ref: z.record(z.string(), z.union([z.string(), z.number()])),
      }),
    ),
  ),
});

const journalOf = (item: Record<string, unknown> | undefined): TCreationJournal | null => {
  const parsed = ZJournal.safeParse(item);
  if (!parsed.success) return null;
  const { beeswaxAdvertiserId, beeswaxCampaignId, conversionEventId, layersMade } = parsed.data;
  return {
    beeswaxAdvertiserId,
    ...(beeswaxCampaignId !== undefined ? { beeswaxCampaignId } : {}),
    ...(conversionEventId !== undefined ? { conversionEventId } : {}),
    ...(layersMade !== undefined && layersMade.length > 0 ? { layersMade } : {}),
  };
};

async function claim(
  agencyId: string,
  campaignId: string,
  owner: string,
  lease: { nowMs: number; leaseUntilMs: number; beeswaxAdvertiserId: number },
): Promise<TCreationClaim | null> {
  try {
    const { Attributes: before } = await ddb().send(
      new PutCommand({
        TableName: tables().app,
        Item: {
          ...campaignCreationKeys.claim(agencyId, campaignId),
          entity: 'campaignCreationClaim',
          gsi1pk: CLAIMS_INDEX_PK,
          gsi1sk: `${agencyId}#${campaignId}`,
          agencyId,
          bgCampaignId: campaignId,
          owner,
          leaseUntil: lease.leaseUntilMs,
          beeswaxAdvertiserId: lease.beeswaxAdvertiserId,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now OR #owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':now': lease.nowMs, ':owner': owner },
        // The claim it replaced: a lapsed one is an interrupted creation the new owner undoes first.
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { interrupted: before && before['owner'] !== owner ? journalOf(before) : null };
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

function journal(
  agencyId: string,
  campaignId: string,
  owner: string,
  update: { leaseUntilMs: number; beeswaxCampaignId?: number; conversionEventId?: number; layersMade?: TLayerTrace[] },
): Promise<boolean> {
  const sets = ['leaseUntil = :lease'];
  const values: Record<string, unknown> = { ':lease': update.leaseUntilMs, ':owner': owner };
  if (update.beeswaxCampaignId !== undefined) {
    sets.push('beeswaxCampaignId = :campaign');
    values[':campaign'] = update.beeswaxCampaignId;
  }
  if (update.conversionEventId !== undefined) {
    sets.push('conversionEventId = :event');
    values[':event'] = update.conversionEventId;
  }
  // The whole list each time: a creation journals what its layers made as they make it.
  if (update.layersMade !== undefined) {
    sets.push('layersMade = :layers');
    values[':layers'] = update.layersMade;
  }
  return conditionalUpdate({
    TableName: tables().app,
    Key: campaignCreationKeys.claim(agencyId, campaignId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: '#owner = :owner',
    ExpressionAttributeNames: { '#owner': 'owner' },
    ExpressionAttributeValues: values,
  });
}

async function listStale(nowMs: number): Promise<TStaleCreation[]> {
  const items = await queryAll({
    TableName: tables().app,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'leaseUntil < :now',
    ExpressionAttributeValues: { ':pk': CLAIMS_INDEX_PK, ':now': nowMs },
  });
  return items.flatMap((item) => {
    const parsed = ZJournal.safeParse(item);
    return parsed.success
      ? [
          {
            agencyId: parsed.data.agencyId,
            bgCampaignId: parsed.data.bgCampaignId,
            leaseUntilMs: parsed.data.leaseUntil,
            beeswaxAdvertiserId: parsed.data.beeswaxAdvertiserId,
          },
        ]
      : [];
  });
}

async function removeUnstoredLineItems(agencyId: string, campaignId: string): Promise<number> {
  // The campaign's pointer is written with the campaign, in one transaction: while it is there the
  // line items are the campaign's, whoever asks.
  if (await getConsistentItem(campaignKeys.campaignPointer(agencyId, campaignId))) return 0;
  const items = await queryAll({
    TableName: tables().app,
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': campaignKeys.campaignPartition(agencyId, campaignId), ':prefix': 'LI#' },
    ProjectionExpression: 'beeswaxLineItemId',
  });
  const ids = items.flatMap((item) =>
    typeof item['beeswaxLineItemId'] === 'number' ? [item['beeswaxLineItemId']] : [],
  );
  await batchDelete(
    tables().app,
    ids.flatMap((id) => [campaignKeys.lineItem(agencyId, campaignId, id), campaignKeys.lineItemPointer(agencyId, id)]),
  );
  return ids.length;
}

async function release(agencyId: string, campaignId: string, owner: string): Promise<void> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: tables().app,
        Key: campaignCreationKeys.claim(agencyId, campaignId),
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (error) {
    // Someone else's claim now (ours ran out): not ours to delete.
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

async function putChunk(agencyId: string, callKey: string, chunk: TStagedChunk): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tables().app,
      Item: {
        ...campaignCreationKeys.chunk(agencyId, callKey, chunk.index),
        entity: 'campaignCreationChunk',
        ...chunk,
        expiresAt: Math.floor(nowMs() / 1000) + TTL_SECONDS,
      },
    }),
  );
}

async function listChunks(agencyId: string, callKey: string): Promise<TStagedChunk[]> {
  const items = await queryAll({
    TableName: tables().app,
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': campaignCreationKeys.callPartition(agencyId, callKey), ':prefix': 'CHUNK#' },
  });
  return items.flatMap((item) => {
    const parsed = ZStoredChunk.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

async function deleteChunks(agencyId: string, callKey: string, indices: readonly number[]): Promise<void> {
  await batchDelete(
    tables().app,
    indices.map((index) => campaignCreationKeys.chunk(agencyId, callKey, index)),
  );
}

const ZCreatedEvent = z.object({
  bgCampaignId: z.string(),
  campaignName: z.string(),
  beeswaxAdvertiserId: z.number(),
  username: z.string(),
  recordedAt: z.string(),
});

function recordCreated(agencyId: string, event: TCampaignCreatedEvent): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: { ...campaignCreationKeys.created(agencyId, event.bgCampaignId), entity: 'campaignCreatedEvent', ...event },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

async function getCreated(agencyId: string, campaignId: string): Promise<TCampaignCreatedEvent | null> {
  const parsed = ZCreatedEvent.safeParse(await getConsistentItem(campaignCreationKeys.created(agencyId, campaignId)));
  return parsed.success ? parsed.data : null;
}

/** The DynamoDB implementation. */
export const campaignCreationRepository: CampaignCreationRepository = {
  claim,
  journal,
  listStale,
  removeUnstoredLineItems,
  release,
  putChunk,
  listChunks,
  deleteChunks,
  recordCreated,
  getCreated,
};
