import { ZAdGroupTemplate, type TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { ZCreativeTemplateRecord } from '../../domain/ad-groups/template-records.schema';
import type { TCreativeTemplateRecord } from '../../domain/ad-groups/template-records.schema';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import type { TCreativeTemplateWriteResult, TemplateRepository } from '../../domain/ports/template.port';
import { getConsistentItem, queryPage, tables, transactUnlessConditionFails } from '../dynamodb';
import { idReservation } from './id-reservation';

/**
 * Keys of ad-group templates and their creative templates (DATA-MODEL): under the advertiser
 * (`AGENCY#{a}#ADV#{adv}`: `AGT#{t}`, `AGT#{t}#CRT#{x}`), with a pointer under `AGENCY#{a}` to find a
 * template by id. Assets are object keys of the creative bucket (`assetKey`), presigned when read. The
 * ids of both are reserved across agencies in the same transaction (`id-reservation.ts`).
 */
export const templateKeys = {
  advertiserPartition: (agencyId: string, advertiserId: string) => `AGENCY#${agencyId}#ADV#${advertiserId}`,
  adGroupTemplate: (agencyId: string, advertiserId: string, templateId: string) => ({
    pk: `AGENCY#${agencyId}#ADV#${advertiserId}`,
    sk: `AGT#${templateId}`,
  }),
  adGroupTemplatePointer: (agencyId: string, templateId: string) => ({
    pk: `AGENCY#${agencyId}`,
    sk: `AGT#${templateId}`,
  }),
  creativeTemplate: (agencyId: string, advertiserId: string, templateId: string, creativeTemplateId: string) => ({
    pk: `AGENCY#${agencyId}#ADV#${advertiserId}`,
    sk: `AGT#${templateId}#CRT#${creativeTemplateId}`,
  }),
} as const;

const AD_GROUP_TEMPLATE = 'adGroupTemplate';
/** Creative templates one new ad-group template may bring (a transaction holds 100 writes: 3 + 2 each). */
export const MAX_CREATIVE_TEMPLATES_AT_ONCE = 48;
const CREATIVE_TEMPLATE = 'creativeTemplate';

/** One page of one kind of item under a prefix of an advertiser's partition. */
function pageAdvertiserPartition(partition: string, list: string, prefix: string, entity: string, page: TPageRequest) {
  return queryPage(
    { list, partitions: [partition], skPrefix: prefix },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    }),
    // `AGT#` prefixes a template's creative templates too: only items of the entity are kept.
    (item) => item['entity'] === entity,
  );
}

async function listAdGroupTemplates(
  agencyId: string,
  advertiserId: string,
  page: TPageRequest,
): Promise<TPage<TAdGroupTemplate>> {
  const partition = templateKeys.advertiserPartition(agencyId, advertiserId);
  const items = await pageAdvertiserPartition(partition, 'adGroupTemplates', 'AGT#', AD_GROUP_TEMPLATE, page);
  return mapPage(items, (item) => ZAdGroupTemplate.parse(item));
}

async function getAdGroupTemplate(agencyId: string, templateId: string): Promise<TAdGroupTemplate | null> {
  const pointer = await getConsistentItem(templateKeys.adGroupTemplatePointer(agencyId, templateId));
  const advertiserId = pointer?.['bgAdvertiserId'];
  if (typeof advertiserId !== 'string') return null;
  const item = await getConsistentItem(templateKeys.adGroupTemplate(agencyId, advertiserId, templateId));
  return item && item['entity'] === AD_GROUP_TEMPLATE ? ZAdGroupTemplate.parse(item) : null;
}

async function listCreativeTemplates(
  agencyId: string,
  template: TAdGroupTemplate,
  page: TPageRequest,
): Promise<TPage<TCreativeTemplateRecord>> {
  const partition = templateKeys.advertiserPartition(agencyId, template.bgAdvertiserId);
  const prefix = `AGT#${template.id}#CRT#`;
  const items = await pageAdvertiserPartition(partition, 'creativeTemplates', prefix, CREATIVE_TEMPLATE, page);
  return mapPage(items, (item) => ZCreativeTemplateRecord.parse(item));
}

async function putNewAdGroupTemplate(
  agencyId: string,
  template: TAdGroupTemplate,
  creatives: readonly TCreativeTemplateRecord[],
): Promise<boolean> {
  const table = tables().app;
  if (creatives.length > MAX_CREATIVE_TEMPLATES_AT_ONCE) {
    throw new Error(`putNewAdGroupTemplate: at most ${MAX_CREATIVE_TEMPLATES_AT_ONCE} creative templates at once`);
  }
  return transactUnlessConditionFails([
    { Put: idReservation(table, 'adGroupTemplate', agencyId, template.id) },
    {
      Put: {
        TableName: table,
        Item: {
          ...templateKeys.adGroupTemplatePointer(agencyId, template.id),
          entity: 'adGroupTemplatePointer',
          bgAdvertiserId: template.bgAdvertiserId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...templateKeys.adGroupTemplate(agencyId, template.bgAdvertiserId, template.id),
          entity: AD_GROUP_TEMPLATE,
          ...template,
        },
      },
    },
    ...creatives.flatMap((creative) => [
      { Put: idReservation(table, 'creativeTemplate', agencyId, creative.id) },
      {
        Put: {
          TableName: table,
          Item: {
            ...templateKeys.creativeTemplate(agencyId, template.bgAdvertiserId, template.id, creative.id),
            entity: CREATIVE_TEMPLATE,
            ...creative,
          },
        },
      },
    ]),
  ]);
}

/**
 * One creative template, in one transaction with a check that its ad-group template is still there
 * (no creative template is left under a template deleted meanwhile) and a condition that its id is new.
 */
async function putNewCreativeTemplate(
  agencyId: string,
  template: TAdGroupTemplate,
  creative: TCreativeTemplateRecord,
): Promise<TCreativeTemplateWriteResult> {
  const table = tables().app;
  const parentKey = templateKeys.adGroupTemplate(agencyId, template.bgAdvertiserId, template.id);
  const key = templateKeys.creativeTemplate(agencyId, template.bgAdvertiserId, template.id, creative.id);
  const written = await transactUnlessConditionFails([
    {
      ConditionCheck: {
        TableName: table,
        Key: parentKey,
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Put: idReservation(table, 'creativeTemplate', agencyId, creative.id) },
    {
      Put: {
        TableName: table,
        Item: { ...key, entity: CREATIVE_TEMPLATE, ...creative },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (written) return 'ok';
  // Which condition failed: the template gone, or the id taken (here or by another agency).
  return (await getConsistentItem(parentKey)) ? 'exists' : 'no-template';
}

/** The DynamoDB implementation. */
export const templateRepository: TemplateRepository = {
  listAdGroupTemplates,
  getAdGroupTemplate,
  listCreativeTemplates,
  putNewAdGroupTemplate,
  putNewCreativeTemplate,
};
