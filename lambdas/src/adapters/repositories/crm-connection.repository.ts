import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ZCrmConnection, ZOAuthStateRecord } from '../../domain/crm/crm-connection.schema';
import type { TCrmConnection, TOAuthStateRecord } from '../../domain/crm/crm-connection.schema';
import type { CrmConnectionRepository } from '../../domain/ports/crm-connection.port';
import { conditionalUpdate, ddb, getConsistentItem, isConditionalCheckFailed, tables } from '../dynamodb';
import { advertiserKeys } from './advertiser.repository';

/** Keys of the CRM items (DATA-MODEL). */
export const crmKeys = {
  /** The advertiser's HubSpot connection: tokens (encrypted) and portal id. */
  connection: (agencyId: string, advertiserId: string) => ({ pk: `AGENCY#${agencyId}`, sk: `ADV#${advertiserId}#CRM` }),
  /** Portal -> advertiser, for the public CRM card (which knows only the portal). */
  portal: (portalId: number, advertiserId: string) => ({ pk: `PORTAL#${portalId}`, sk: `ADV#${advertiserId}` }),
  /** A one-time OAuth state nonce. */
  state: (nonce: string) => ({ pk: `STATE#${nonce}`, sk: `STATE#${nonce}` }),
} as const;

async function getConnection(agencyId: string, advertiserId: string): Promise<TCrmConnection | null> {
  const item = await getConsistentItem(crmKeys.connection(agencyId, advertiserId));
  return item ? ZCrmConnection.parse(item) : null;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Runs a transaction whose first item checks that the advertiser exists; false when it does not. */
async function transactOnAdvertiser(items: TransactItem[]): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    ) {
      return false;
    }
    throw error;
  }
}

async function connect(
  agencyId: string,
  advertiserId: string,
  connection: TCrmConnection,
  previousPortalId: number | null,
): Promise<boolean> {
  const table = tables().app;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: advertiserKeys.advertiser(agencyId, advertiserId),
        UpdateExpression: 'SET hubspot_authed = :true, hubspot_portal_id = :portal',
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity',
        ExpressionAttributeValues: { ':true': true, ':portal': connection.portalId, ':entity': 'advertiser' },
      },
    },
    {
      Put: {
        TableName: table,
        Item: { ...crmKeys.connection(agencyId, advertiserId), entity: 'crmConnection', ...connection },
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...crmKeys.portal(connection.portalId, advertiserId),
          entity: 'portalAdvertiser',
          portalId: connection.portalId,
          agencyId,
          advertiserId,
        },
      },
    },
  ];
  if (previousPortalId !== null && previousPortalId !== connection.portalId) {
    items.push({ Delete: { TableName: table, Key: crmKeys.portal(previousPortalId, advertiserId) } });
  }
  return transactOnAdvertiser(items);
}

async function disconnect(agencyId: string, advertiserId: string, portalId: number | null): Promise<boolean> {
  const table = tables().app;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: advertiserKeys.advertiser(agencyId, advertiserId),
        UpdateExpression: 'SET hubspot_authed = :false, hubspot_portal_id = :null',
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity',
        ExpressionAttributeValues: { ':false': false, ':null': null, ':entity': 'advertiser' },
      },
    },
    { Delete: { TableName: table, Key: crmKeys.connection(agencyId, advertiserId) } },
  ];
  if (portalId !== null) items.push({ Delete: { TableName: table, Key: crmKeys.portal(portalId, advertiserId) } });
  return transactOnAdvertiser(items);
}

async function replaceTokens(
  agencyId: string,
  advertiserId: string,
  expectedVersion: number,
  tokens: Pick<TCrmConnection, 'sealedAccessToken' | 'sealedRefreshToken' | 'accessTokenExpiresAt'>,
): Promise<boolean> {
  return conditionalUpdate({
    TableName: tables().app,
    Key: crmKeys.connection(agencyId, advertiserId),
    UpdateExpression:
      'SET sealedAccessToken = :access, sealedRefreshToken = :refresh, accessTokenExpiresAt = :expires, version = :next',
    ConditionExpression: 'attribute_exists(pk) AND version = :expected',
    ExpressionAttributeValues: {
      ':access': tokens.sealedAccessToken,
      ':refresh': tokens.sealedRefreshToken,
      ':expires': tokens.accessTokenExpiresAt,
      ':expected': expectedVersion,
      ':next': expectedVersion + 1,
    },
  });
}

async function putState(nonce: string, record: TOAuthStateRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tables().app,
      Item: { ...crmKeys.state(nonce), entity: 'oauthState', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

async function consumeState(nonce: string): Promise<TOAuthStateRecord | null> {
  try {
    // Delete-with-condition is the one-time use: of two requests with the same state, one wins.
    const result = await ddb().send(
      new DeleteCommand({
        TableName: tables().app,
        Key: crmKeys.state(nonce),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const parsed = ZOAuthStateRecord.safeParse(result.Attributes);
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return null;
    throw error;
  }
}

/** The DynamoDB implementation used by the CRM handlers. */
export const crmConnectionRepository: CrmConnectionRepository = {
  getConnection,
  connect,
  disconnect,
  replaceTokens,
  putState,
  consumeState,
};
