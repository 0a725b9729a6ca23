import { nowMs } from '@bidgrid/shared/clock';
import { createHmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import type { LocalStackInfo } from '@bidgrid/local/info';
import { SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import { HUBSPOT_PATHS } from '@bidgrid/lambdas/adapters/crm/hubspot-paths';
import { LOCAL_PUBLISHABLE_KEY } from '@bidgrid/local/simulators/stripe';
import {
  COMPANY_LOOKUP_TTL_SECONDS,
  companyLookupKeys,
} from '@bidgrid/lambdas/adapters/repositories/company-lookup-cache.repository';
import { now } from '@bidgrid/shared/clock';
import { stackInfo } from './stack';

/**
 * Direct access to the running local stack's data and simulators, for what no API call does yet:
 * delivery rows (report sync is a later feature), reading what is stored at rest, payments and CRM
 * simulator state, the mail outbox, injected vendor failures and the local job route.
 */

/** A new document client on a DynamoDB Local endpoint (the caller destroys it, or keeps it for the run). */
export function dynamoDbDocumentsOn(endpoint: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

let client: { endpoint: string; documents: DynamoDBDocumentClient } | undefined;

/** A document client on the stack's DynamoDB Local (made again when the stack named is another one). */
export function localDynamoDb(): DynamoDBDocumentClient {
  const endpoint = stackInfo().dynamodbEndpoint;
  if (client?.endpoint !== endpoint) client = { endpoint, documents: dynamoDbDocumentsOn(endpoint) };
  return client.documents;
}

/**
 * Forgets every cached company look-up (`COMPANYLOOKUP#{domain}` items of the app table), so the next
 * match asks the company-match simulator again: a test that holds the vendor to watch the progress
 * needs its domains not to be answered from the cache a previous test (or a retry) left.
 */
export async function forgetCompanyLookups(
  stack: Pick<LocalStackInfo, 'dynamodbEndpoint' | 'tables'> = stackInfo(),
): Promise<void> {
  const db = dynamoDbDocumentsOn(stack.dynamodbEndpoint);
  try {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new ScanCommand({
          TableName: stack.tables.app,
          FilterExpression: 'begins_with(pk, :p)',
          ExpressionAttributeValues: { ':p': 'COMPANYLOOKUP#' },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: start,
        }),
      );
      const keys = page.Items ?? [];
      for (let i = 0; i < keys.length; i += 25) {
        await db.send(
          new BatchWriteCommand({
            RequestItems: { [stack.tables.app]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
          }),
        );
      }
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    db.destroy();
  }
}

/**
 * Keeps matched answers in the company look-up cache for `companies` (their domains and IP ranges), as a
 * match that found them would: a creation targets the ranges of the server's own match, so synthetic
 * companies (the benches' thousands) need answers there before they are sent.
 */
export async function rememberCompanyLookups(
  companies: ReadonlyArray<{ domain: string; companyName: string | null; ranges: readonly string[] }>,
  stack: Pick<LocalStackInfo, 'dynamodbEndpoint' | 'tables'> = stackInfo(),
): Promise<void> {
  const db = dynamoDbDocumentsOn(stack.dynamodbEndpoint);
  const at = now();
  const items = companies.map((company) => ({
    ...companyLookupKeys.domain(company.domain),
    entity: 'companyLookup',
    lookup: {
      outcome: 'matched',
      domain: company.domain,
      companyName: company.companyName,
      ranges: [...company.ranges],
    },
    lookedUpAt: at.toISOString(),
    expiresAt: Math.floor(at.getTime() / 1000) + COMPANY_LOOKUP_TTL_SECONDS,
  }));
  try {
    for (let i = 0; i < items.length; i += 25) {
      await db.send(
        new BatchWriteCommand({
          RequestItems: { [stack.tables.app]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
  } finally {
    db.destroy();
  }
}

/** One item of the app table as stored. */
export async function appItem(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const out = await localDynamoDb().send(
    new GetCommand({ TableName: stackInfo().tables.app, Key: { pk, sk }, ConsistentRead: true }),
  );
  return out.Item;
}

/**
 * Every item of a partition whose sort key starts with `prefix`, in key order, read page by page (the
 * app table unless `table` names another of the stack's tables).
 */
export async function partitionItems(
  pk: string,
  prefix: string,
  table: keyof LocalStackInfo['tables'] = 'app',
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await localDynamoDb().send(
      new QueryCommand({
        TableName: stackInfo().tables[table],
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as Array<Record<string, unknown>>));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * A campaign of an advertiser with daily delivery rows (DATA-MODEL keys: the campaign under
 * `AGENCY#{a}` / `ADV#{adv}#CAMP#{c}`, rows under `AGENCY#{a}#CAMP#{c}` / `DAY#{yyyy-mm-dd}` with
 * spend in micros), as the campaign feature and report sync will write them.
 */
export async function putCampaignWithDelivery(input: {
  agencyId: string;
  advertiserId: string;
  campaignId: string;
  name: string;
  createdBy: string;
  spendMicrosByDay: Record<string, number>;
}): Promise<void> {
  const info = stackInfo();
  await localDynamoDb().send(
    new PutCommand({
      TableName: info.tables.app,
      Item: {
        pk: `AGENCY#${input.agencyId}`,
        sk: `ADV#${input.advertiserId}#CAMP#${input.campaignId}`,
        entity: 'campaign',
        bgCampaignId: input.campaignId,
        bgAdvertiserId: input.advertiserId,
        agencyId: input.agencyId,
        name: input.name,
        createdBy: input.createdBy,
      },
    }),
  );
  const rows = Object.entries(input.spendMicrosByDay).map(([day, spend]) => ({
    PutRequest: {
      Item: {
        pk: `AGENCY#${input.agencyId}#CAMP#${input.campaignId}`,
        sk: `DAY#${day}`,
        date: day,
        impressions: Math.round(spend / 5_000),
        clicks: Math.round(spend / 2_000_000),
        spend_micros: spend,
      },
    },
  }));
  if (rows.length > 0) {
    await localDynamoDb().send(new BatchWriteCommand({ RequestItems: { [info.tables.reports]: rows } }));
  }
}

/** `YYYY-MM-DD` (UTC) `days` before today. */
export const daysAgo = (days: number): string => new Date(nowMs() - days * 86_400_000).toISOString().slice(0, 10);

/** Runs a scheduled job on the running stack (`POST /__local/jobs/{name}`) and returns its result. */
export async function runJob<T = unknown>(name: string): Promise<T> {
  const res = await fetch(`${stackInfo().apiUrl}/__local/jobs/${encodeURIComponent(name)}`, { method: 'POST' });
  const body = (await res.json()) as { result?: T; error?: string };
  if (!res.ok) throw new Error(`job ${name} failed: ${body.error ?? res.status}`);
  return body.result as T;
}

/** A call to the payments simulator with the server's secret key (what Stripe's dashboard would show). */
export async function stripeApi<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  form: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const params = new URLSearchParams(form).toString();
  const url = `${stackInfo().simulators.stripe}${path}${method === 'GET' && params ? `?${params}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${SIMULATOR_SECRETS.STRIPE_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'POST' ? params : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * What the browser's card field does with a setup intent's client secret: confirm it with the
 * publishable key and a test card number (or a test payment method id). Answers the status and the
 * intent (or Stripe's error).
 */
export async function confirmCardSetup(
  clientSecret: string,
  card: { number: string } | { paymentMethod: string },
): Promise<{
  status: number;
  body: { payment_method?: string; status?: string; error?: { code?: string; message?: string } };
}> {
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const form: Record<string, string> = { client_secret: clientSecret };
  if ('number' in card) {
    form['payment_method_data[type]'] = 'card';
    form['payment_method_data[card][number]'] = card.number;
    form['payment_method_data[card][exp_month]'] = '12';
    form['payment_method_data[card][exp_year]'] = '2034';
    form['payment_method_data[card][cvc]'] = '123';
  } else {
    form['payment_method'] = card.paymentMethod;
  }
  const res = await fetch(`${stackInfo().simulators.stripe}/v1/setup_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** A Stripe-Signature header for `payload` signed with the local webhook secret (or another). */
export function stripeSignature(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
  const timestamp = options.timestamp ?? Math.floor(nowMs() / 1000);
  const secret = options.secret ?? SIMULATOR_SECRETS.STRIPE_WEBHOOK_SECRET;
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Posts a raw body to the Stripe webhook operation. */
export async function postStripeWebhook(
  payload: string,
  signature: string | null,
): Promise<{ status: number; body: { success?: boolean; error?: string | null; payload?: unknown } }> {
  const res = await fetch(`${stackInfo().apiUrl}/public/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** Messages in the mail outbox for one recipient, newest first. */
export async function outbox(to: string): Promise<Array<{ to: string[]; subject: string; html: string | null }>> {
  const res = await fetch(`${stackInfo().simulators.mail}/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Array<{ to: string[]; subject: string; html: string | null }> }).messages;
}

/** Makes the next matching requests to a simulator fail (`POST /__faults`). */
export async function injectFault(
  vendor: 'bidder' | 'hubspot' | 'stripe' | 'mail',
  fault: { method: string; path: string; status: number; body?: unknown; times?: number },
): Promise<void> {
  const res = await fetch(`${stackInfo().simulators[vendor]}/__faults`, {
    method: 'POST',
    body: JSON.stringify(fault),
  });
  if (res.status !== 201) throw new Error(`fault not queued: ${res.status}`);
}

/** The bidder's v2 resource of each entity the tests read. */
export const BIDDER_V2_RESOURCES = {
  advertiser: 'advertisers',
  campaign: 'campaigns',
  line_item: 'line-items',
  targeting_expression: 'targeting-expressions',
} as const;

/** A signed-in session cookie of the bidder simulator (v2 sign-in, as the client does). */
export async function bidderSession(): Promise<string> {
  const auth = await fetch(`${stackInfo().simulators.bidder}/rest/v2/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: SIMULATOR_SECRETS.BIDDER_EMAIL,
      password: SIMULATOR_SECRETS.BIDDER_PASSWORD,
      keep_logged_in: true,
    }),
  });
  return (auth.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Rows the bidder simulator holds for a v2 entity, filtered as its list route allows (signs in as the API user). */
export async function bidderRows(
  entity: keyof typeof BIDDER_V2_RESOURCES,
  filters: Record<string, string> = {},
): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(
    `${stackInfo().simulators.bidder}/rest/v2/${BIDDER_V2_RESOURCES[entity]}?${new URLSearchParams({ page_size: '500', ...filters })}`,
    { headers: { cookie: await bidderSession() } },
  );
  return ((await res.json()) as { results: Array<Record<string, unknown>> }).results;
}

/** The bidder segments made under one of our ids (`GET /__segments`, a local control of the simulator). */
export async function bidderSegmentsOf(alternativeId: string): Promise<unknown[]> {
  const res = await fetch(
    `${stackInfo().simulators.bidder}/__segments?alternative_id=${encodeURIComponent(alternativeId)}`,
  );
  return (await res.json()) as unknown[];
}

/** Whether the CRM simulator still knows a refresh token (OAuth introspection; revoked ones answer 404). */
export async function hubspotRefreshTokenKnown(token: string): Promise<boolean> {
  const res = await fetch(`${stackInfo().simulators.hubspot}${HUBSPOT_PATHS.oauthIntrospect}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token,
      token_type_hint: 'refresh_token',
      client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
      client_secret: SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET,
    }).toString(),
  });
  return res.status === 200;
}
