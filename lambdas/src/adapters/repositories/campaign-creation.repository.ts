import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ZCompanyRow } from '@bidgrid/shared/entities/company.schema';
import type {
  CampaignCreationRepository,
  TCampaignCreatedEvent,
  TStagedChunk,
} from '../../domain/ports/campaign-creation.port';
import {
  batchDelete,
  conditionalPut,
  ddb,
  getConsistentItem,
  isConditionalCheckFailed,
  queryAll,
  tables,
} from '../dynamodb';

/**
 * Keys of a campaign's creation in the app table (DATA-MODEL "campaign creation"):
 * - the claim `AGENCY#{a}` / `CREATING#{campaignId}` {owner, leaseUntil}: written with a condition
 *   (free, or its lease ran out, or ours), so of two requests for one campaign id only one makes it;
 *   the other waits for the campaign. It is deleted when its request ends, and expires by TTL;
 * - the chunks of a long realtime request `AGENCY#{a}#CREATECALL#{user}#{reqID}` / `CHUNK#{index}`
 *   {count, bgCampaignId, companies}, kept until the last chunk arrives (TTL one day);
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

/** Kept chunks and forgotten claims go after a day, whatever happened to their request. */
const TTL_SECONDS = 24 * 3600;

const ZStoredChunk = z.object({
  index: z.number().int().min(0),
  count: z.number().int().min(1),
  bgCampaignId: z.string(),
  companies: z.array(ZCompanyRow),
});

async function claim(
  agencyId: string,
  campaignId: string,
  owner: string,
  nowMs: number,
  leaseUntilMs: number,
): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: {
      ...campaignCreationKeys.claim(agencyId, campaignId),
      entity: 'campaignCreationClaim',
      owner,
      leaseUntil: leaseUntilMs,
      expiresAt: Math.floor(nowMs / 1000) + TTL_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now OR #owner = :owner',
    ExpressionAttributeNames: { '#owner': 'owner' },
    ExpressionAttributeValues: { ':now': nowMs, ':owner': owner },
  });
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
        expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS,
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
  release,
  putChunk,
  listChunks,
  deleteChunks,
  recordCreated,
  getCreated,
};
