import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@bidgrid/shared/zod';
import { ZRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import type { SegmentRepository, TSegmentRecord } from '../../domain/ports/segment.port';
import type { TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import { conditionalPut, ddb, getConsistentItem, queryPage, tables, type Item } from '../dynamodb';

/** Keys of segments (DATA-MODEL): `AGENCY#{a}#ADV#{adv}` / `SEG#{key}`, beside the advertiser's lists and templates. */
export const segmentKeys = {
  advertiserPartition: (agencyId: string, advertiserId: string) => `AGENCY#${agencyId}#ADV#${advertiserId}`,
  segment: (agencyId: string, advertiserId: string, segmentKey: string) => ({
    pk: `AGENCY#${agencyId}#ADV#${advertiserId}`,
    sk: `SEG#${segmentKey}`,
  }),
} as const;

const ENTITY = 'segment';

const ZSegmentItem = z.extend(ZRetargetingSegment, {
  bgAdvertiserId: z.string().check(z.minLength(1)),
  bidderSegmentId: z.number().check(z.int()),
  bgCampaignId: z._default(z.nullable(z.string()), null),
});

/** An item as the domain's record (keys and the entity marker stay here). */
const toRecord = (item: Item): TSegmentRecord => ZSegmentItem.parse(item);

async function putNewSegment(agencyId: string, record: TSegmentRecord): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: { ...segmentKeys.segment(agencyId, record.bgAdvertiserId, record.segment_key), entity: ENTITY, ...record },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

async function getSegment(agencyId: string, advertiserId: string, segmentKey: string): Promise<TSegmentRecord | null> {
  const item = await getConsistentItem(segmentKeys.segment(agencyId, advertiserId, segmentKey));
  return item && item['entity'] === ENTITY ? toRecord(item) : null;
}

async function listSegments(agencyId: string, advertiserId: string, page: TPageRequest) {
  const partition = segmentKeys.advertiserPartition(agencyId, advertiserId);
  const items = await queryPage(
    { list: 'segments', partitions: [partition], skPrefix: 'SEG#' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'SEG#' },
    }),
    (item) => item['entity'] === ENTITY,
  );
  return mapPage(items, toRecord);
}

async function deleteSegment(agencyId: string, advertiserId: string, segmentKey: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: tables().app, Key: segmentKeys.segment(agencyId, advertiserId, segmentKey) }),
  );
}

/** The DynamoDB implementation. */
export const segmentRepository: SegmentRepository = { putNewSegment, getSegment, listSegments, deleteSegment };
