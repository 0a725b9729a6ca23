import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { advertiser as advertiserOps } from '@bidgrid/shared';
import type { TDynamoDbThrottlePlan, TDynamoDbThrottleReport } from '@bidgrid/lambdas/adapters/dynamodb-throttle';
import { BUSY_ERROR } from '@bidgrid/shared/api/envelope';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../../support/api';
import { partitionItems } from '../../support/local-data';
import { stackInfo } from '../../support/stack';

// Issue 16, faults: DynamoDB throttling injected through the SDK middleware of the handlers' client
// (`adapters/dynamodb-throttle.ts`, armed through the local gateway). A few refusals are absorbed by
// the SDK's own retries; a throttle that outlasts them answers 503 with words to try again, never a
// 500, and leaves nothing half written (here or at the bidder).

const { createAdvertiser, getAdvertiser } = advertiserOps;
const ACME = 'bgAdvertiser-demo-acme';

async function throttle(plan: TDynamoDbThrottlePlan | null): Promise<TDynamoDbThrottleReport> {
  const res = await fetch(`${stackInfo().apiUrl}/__local/dynamodb-throttle`, {
    method: plan ? 'PUT' : 'DELETE',
    ...(plan ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(plan) } : {}),
  });
  if (res.status !== 200) throw new Error(`throttle not set: ${res.status} ${await res.text()}`);
  return (await res.json()) as TDynamoDbThrottleReport;
}

async function report(): Promise<TDynamoDbThrottleReport> {
  return (await (await fetch(`${stackInfo().apiUrl}/__local/dynamodb-throttle`)).json()) as TDynamoDbThrottleReport;
}

/** A new advertiser's fields, under a name and domain no other test uses (what the fault matches on). */
function newAdvertiser() {
  const suffix = randomUUID().slice(0, 8);
  return {
    name: `Throttled ${suffix}`,
    phone: '+1 512 555 0100',
    address_1: 'a',
    city: 'c',
    state: 's',
    zip: 'z',
    domain: `throttled-${suffix}.example`,
  };
}

/** The demo agency's stored advertisers and the bidder's advertisers of that name. */
async function advertisersNamed(name: string) {
  const stored = await partitionItems('AGENCY#bgAgency-demo', 'ADV#');
  const res = await fetch(`${stackInfo().simulators.bidder}/__rows/advertiser?${new URLSearchParams({ name })}`);
  return {
    stored: stored.filter((item) => item['name'] === name).length,
    atBidder: ((await res.json()) as unknown[]).length,
  };
}

afterEach(async () => {
  await throttle(null);
});

describe('DynamoDB throttling (SDK middleware)', () => {
  it("is absorbed by the SDK's retries for a read: the advertiser page answers", async () => {
    // Prepare: the first two reads of Acme's item refused, within the SDK's three attempts.
    const token = await accessTokenFor('demo');
    await throttle({ commands: ['GetItemCommand'], inputContains: `ADV#${ACME}`, failFirst: 2 });

    // Act
    const reply = await callOperation(getAdvertiser, { token, params: { id: ACME } });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body.payload?.bgAdvertiserId).toBe(ACME);
    expect((await report()).refused).toBe(2);
  });

  it("is absorbed by the SDK's retries for a write: the advertiser is made once", async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const body = newAdvertiser();
    await throttle({ inputContains: body.domain, failFirst: 2 });

    // Act
    const reply = await callOperation(createAdvertiser, { token, body });

    // Assess
    expect(reply.status).toBe(200);
    expect((await report()).refused).toBe(2);
    expect(await advertisersNamed(body.name)).toEqual({ stored: 1, atBidder: 1 });
  });

  it('answers 503 telling the user to try again when it persists, and writes nothing (the bidder advertiser undone)', async () => {
    // Prepare: every send naming the new advertiser refused.
    const token = await accessTokenFor('demo');
    const body = newAdvertiser();
    await throttle({ inputContains: body.domain, rate: 1, error: 'ThrottlingException' });

    // Act
    const reply = await callOperationUnchecked(createAdvertiser, { token, body });

    // Assess
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ success: false, payload: null, error: BUSY_ERROR });
    expect((await report()).refused).toBeGreaterThanOrEqual(3);
    await throttle(null);
    expect(await advertisersNamed(body.name)).toEqual({ stored: 0, atBidder: 0 });
    // Once DynamoDB keeps up again, the same request goes through.
    const again = await callOperation(createAdvertiser, { token, body });
    expect(again.status).toBe(200);
  });

  it('answers 503 to a read when it persists', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    await throttle({ commands: ['GetItemCommand'], inputContains: `ADV#${ACME}`, rate: 1 });

    // Act
    const reply = await callOperationUnchecked(getAdvertiser, { token, params: { id: ACME } });

    // Assess
    expect([reply.status, reply.body.error]).toEqual([503, BUSY_ERROR]);
  });
});
