import { gunzipSync, gzipSync } from 'node:zlib';
import { ZCampaignTemplate, type TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import type {
  CampaignTemplateRepository,
  TCampaignTemplateReplace,
  TCampaignTemplateWrite,
} from '../../domain/ports/campaign-template.port';
import { mapPage, type TPage, type TPageRequest } from '../../domain/ports/page.port';
import type { Item } from '../dynamodb';
import { conditionalDelete, conditionalPut, getConsistentItem, queryPage, tables } from '../dynamodb';
import { encodeCursor, type TCursorScope } from '../page-keys';

/**
 * Keys of campaign templates (DATA-MODEL): under their owner (`AGENCY#{a}#USER#{username}`: `TPL#{id}`).
 * The partition is built from the caller's agency and user name, so another user's template, in the
 * same agency or not, is never read: a list or look-up of it finds nothing.
 */
export const campaignTemplateKeys = {
  userPartition: (agencyId: string, username: string) => `AGENCY#${agencyId}#USER#${username}`,
  template: (agencyId: string, username: string, templateId: string) => ({
    pk: `AGENCY#${agencyId}#USER#${username}`,
    sk: `TPL#${templateId}`,
  }),
} as const;

const ENTITY = 'campaignTemplate';

/**
 * The company and e-mail lists a template keeps (a CSV of thousands of companies with their IP ranges)
 * are stored gzipped in one binary attribute, `bulk`: the rows repeat the same keys and ranges, so an
 * item holds several times more companies within DynamoDB's 400 KB.
 */
type TBulkFields = Pick<TCampaignTemplate, 'foundCompanyInfo' | 'foundEmailsInfo'>;
/** DynamoDB's item limit is 400 KB, names and values together; the rest is the margin of our estimate. */
export const MAX_TEMPLATE_ITEM_BYTES = 390_000;

function toItem(template: TCampaignTemplate): Item {
  const { foundCompanyInfo, foundEmailsInfo, ...rest } = template;
  const bulk: TBulkFields = { foundCompanyInfo, foundEmailsInfo };
  return {
    ...campaignTemplateKeys.template(template.agencyId, template.createdBy, template.id),
    entity: ENTITY,
    ...rest,
    bulk: gzipSync(Buffer.from(JSON.stringify(bulk), 'utf8')),
  };
}

function fromItem(item: Item): TCampaignTemplate {
  const { bulk, ...rest } = item;
  const fields = bulk instanceof Uint8Array ? (JSON.parse(gunzipSync(bulk).toString('utf8')) as object) : {};
  return ZCampaignTemplate.parse({ ...rest, ...fields });
}

/**
 * The most template text one page answers: a Lambda's reply stops at 6 MB, and a template's lists may
 * hold thousands of companies (several MB once unzipped). A page ends after the template that reaches
 * it (at least one template a page), its cursor there, so a user with many large templates pages on.
 */
export const MAX_TEMPLATE_PAGE_BYTES = 3_000_000;

/** The templates of a page up to `maxBytes` of JSON (at least one), and whether it was cut. */
export function cutBySize<T>(items: readonly T[], maxBytes: number): { kept: T[]; cut: boolean } {
  const kept: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item), 'utf8');
    if (kept.length > 0 && bytes + size > maxBytes) return { kept, cut: true };
    kept.push(item);
    bytes += size;
  }
  return { kept, cut: false };
}

/** Bytes the item takes, as DynamoDB counts them closely enough: its JSON text and the binary value. */
function itemBytes(item: Item): number {
  const { bulk, ...rest } = item;
  return Buffer.byteLength(JSON.stringify(rest), 'utf8') + (bulk instanceof Uint8Array ? bulk.byteLength + 8 : 0);
}

async function listCampaignTemplates(
  agencyId: string,
  username: string,
  page: TPageRequest,
): Promise<TPage<TCampaignTemplate>> {
  const partition = campaignTemplateKeys.userPartition(agencyId, username);
  const scope: TCursorScope = { list: 'campaignTemplates', partitions: [partition], skPrefix: 'TPL#' };
  const items = await queryPage(scope, page, (pk) => ({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'TPL#' },
  }));
  const read = mapPage(items, (item) => ({
    key: { pk: String(item['pk']), sk: String(item['sk']) },
    template: fromItem(item),
  }));
  const { kept, cut } = cutBySize(
    read.items.map((r) => r.template),
    MAX_TEMPLATE_PAGE_BYTES,
  );
  const last = read.items[kept.length - 1];
  return {
    items: kept,
    nextCursor: cut && last ? encodeCursor(scope, last.key) : read.nextCursor,
  };
}

async function getCampaignTemplate(
  agencyId: string,
  username: string,
  templateId: string,
): Promise<TCampaignTemplate | null> {
  const item = await getConsistentItem(campaignTemplateKeys.template(agencyId, username, templateId));
  return item ? fromItem(item) : null;
}

async function putNewCampaignTemplate(template: TCampaignTemplate): Promise<TCampaignTemplateWrite> {
  const item = toItem(template);
  if (itemBytes(item) > MAX_TEMPLATE_ITEM_BYTES) return 'too-large';
  const written = await conditionalPut({
    TableName: tables().app,
    Item: item,
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return written ? 'ok' : 'exists';
}

async function replaceCampaignTemplate(
  template: TCampaignTemplate,
  expectedUpdatedAt: string,
): Promise<TCampaignTemplateReplace> {
  const item = toItem(template);
  if (itemBytes(item) > MAX_TEMPLATE_ITEM_BYTES) return 'too-large';
  // The whole item is put (the bulk attribute is one value), so the condition is all that keeps a
  // concurrent save or a delete from being overwritten; the key keeps it to the owner's template.
  const written = await conditionalPut({
    TableName: tables().app,
    Item: item,
    ConditionExpression: 'attribute_exists(pk) AND updatedAt = :expected',
    ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
  });
  return written ? 'ok' : 'changed';
}

async function deleteCampaignTemplate(agencyId: string, username: string, templateId: string): Promise<boolean> {
  return conditionalDelete({
    TableName: tables().app,
    Key: campaignTemplateKeys.template(agencyId, username, templateId),
    ConditionExpression: 'attribute_exists(pk)',
  });
}

/** The DynamoDB implementation. */
export const campaignTemplateRepository: CampaignTemplateRepository = {
  listCampaignTemplates,
  getCampaignTemplate,
  putNewCampaignTemplate,
  replaceCampaignTemplate,
  deleteCampaignTemplate,
};
