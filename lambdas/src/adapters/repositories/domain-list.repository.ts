import { ZDomainList, ZPublicList, type TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import type { DomainListRepository, TDomainListRecord, TDomainListWrite } from '../../domain/ports/domain-list.port';
import { mapPage, type TPage, type TPageRequest } from '../../domain/ports/page.port';
import type { Item } from '../dynamodb';
import { conditionalPut, ddb, getConsistentItem, queryAll, queryPage, tables } from '../dynamodb';
import type { TCursorScope } from '../page-keys';
import { PutCommand } from '@aws-sdk/lib-dynamodb';

/**
 * Keys of domain lists (DATA-MODEL): custom lists under their advertiser
 * (`AGENCY#{a}#ADV#{adv}`: `DL#{id}`), built from the caller's agency, so another agency's list is
 * never read; public lists in one shared partition (`PUBLIC`: `PL#{id}`).
 */
export const domainListKeys = {
  advertiserPartition: (agencyId: string, advertiserId: string) => `AGENCY#${agencyId}#ADV#${advertiserId}`,
  list: (agencyId: string, advertiserId: string, domainListId: string) => ({
    pk: `AGENCY#${agencyId}#ADV#${advertiserId}`,
    sk: `DL#${domainListId}`,
  }),
  publicList: (id: string) => ({ pk: 'PUBLIC', sk: `PL#${id}` }),
} as const;

const ENTITY = 'domainList';
const PUBLIC_ENTITY = 'publicList';

function toItem(list: TDomainListRecord): Item {
  return { ...domainListKeys.list(list.agencyId, list.bgAdvertiserId, list.domainListId), entity: ENTITY, ...list };
}

function fromItem(item: Item): TDomainListRecord {
  return {
    ...ZDomainList.parse(item),
    agencyId: String(item['agencyId']),
    version: Number(item['version'] ?? 0),
  };
}

async function listDomainLists(
  agencyId: string,
  advertiserId: string,
  page: TPageRequest,
): Promise<TPage<TDomainListRecord>> {
  const partition = domainListKeys.advertiserPartition(agencyId, advertiserId);
  const scope: TCursorScope = { list: 'domainLists', partitions: [partition], skPrefix: 'DL#' };
  const items = await queryPage(scope, page, (pk) => ({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'DL#' },
  }));
  return mapPage(items, fromItem);
}

async function listAllDomainLists(agencyId: string, advertiserId: string): Promise<TDomainListRecord[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': domainListKeys.advertiserPartition(agencyId, advertiserId), ':prefix': 'DL#' },
  });
  return items.map(fromItem);
}

async function getDomainList(
  agencyId: string,
  advertiserId: string,
  domainListId: string,
): Promise<TDomainListRecord | undefined> {
  const item = await getConsistentItem(domainListKeys.list(agencyId, advertiserId, domainListId));
  return item ? fromItem(item) : undefined;
}

async function putNewDomainList(list: TDomainListRecord): Promise<TDomainListWrite> {
  const written = await conditionalPut({
    TableName: tables().app,
    Item: toItem(list),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return written ? 'ok' : 'conflict';
}

async function replaceDomainList(list: TDomainListRecord, expectedVersion: number): Promise<TDomainListWrite> {
  const written = await conditionalPut({
    TableName: tables().app,
    Item: toItem(list),
    ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':expected': expectedVersion },
  });
  return written ? 'ok' : 'conflict';
}

async function listPublicLists(): Promise<TPublicList[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': 'PUBLIC', ':prefix': 'PL#' },
  });
  return items.map((item) => ZPublicList.parse(item));
}

async function putPublicList(list: TPublicList): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tables().app,
      Item: { ...domainListKeys.publicList(list.id), entity: PUBLIC_ENTITY, ...list },
    }),
  );
}

/** The DynamoDB implementation. */
export const domainListRepository: DomainListRepository = {
  listDomainLists,
  listAllDomainLists,
  getDomainList,
  putNewDomainList,
  replaceDomainList,
  listPublicLists,
  putPublicList,
};
