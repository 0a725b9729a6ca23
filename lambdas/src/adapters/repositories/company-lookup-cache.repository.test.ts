import '../../test-env';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPANY_LOOKUP_TTL_SECONDS,
  companyLookupCacheRepository,
  UNKNOWN_LOOKUP_TTL_SECONDS,
} from './company-lookup-cache.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
const TABLE = 'bidgrid-test-app';
const now = new Date('2026-11-25T10:00:00.000Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

beforeEach(() => {
  ddbMock.reset();
});

describe('companyLookupCacheRepository', () => {
  it('writes each answer under its domain, a week for a company and a day for nothing known', async () => {
    // Prepare
    ddbMock.on(BatchWriteCommand).resolves({});

    // Act
    await companyLookupCacheRepository.putMany(
      [
        { outcome: 'matched', domain: 'acme.com', companyName: 'Acme', ranges: ['10.0.0.0/24'] },
        { outcome: 'unknown', domain: 'nobody.example' },
      ],
      now,
    );

    // Assess
    const requests = ddbMock.commandCalls(BatchWriteCommand)[0]?.args[0].input.RequestItems?.[TABLE];
    expect(requests?.map((r) => r.PutRequest?.Item)).toEqual([
      {
        pk: 'COMPANYLOOKUP#acme.com',
        sk: 'LOOKUP',
        entity: 'companyLookup',
        lookup: { outcome: 'matched', domain: 'acme.com', companyName: 'Acme', ranges: ['10.0.0.0/24'] },
        lookedUpAt: now.toISOString(),
        expiresAt: nowSeconds + COMPANY_LOOKUP_TTL_SECONDS,
      },
      {
        pk: 'COMPANYLOOKUP#nobody.example',
        sk: 'LOOKUP',
        entity: 'companyLookup',
        lookup: { outcome: 'unknown', domain: 'nobody.example' },
        lookedUpAt: now.toISOString(),
        expiresAt: nowSeconds + UNKNOWN_LOOKUP_TTL_SECONDS,
      },
    ]);
  });

  it('reads in batches of 100, retries unprocessed keys, and takes an expired or unreadable item for a miss', async () => {
    // Prepare: 150 domains; the first batch leaves one key unprocessed once.
    const domains = Array.from({ length: 150 }, (_, i) => `d${i}.example`);
    const item = (domain: string, expiresAt: number) => ({
      lookup: { outcome: 'no-own-ranges', domain, companyName: `Company ${domain}` },
      expiresAt,
    });
    let first = true;
    ddbMock
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { Keys: Array<{ pk: string }> }> }) => {
        const keys = input.RequestItems[TABLE]?.Keys ?? [];
        const domainsAsked = keys.map((k) => k.pk.replace('COMPANYLOOKUP#', ''));
        const unprocessed = first && domainsAsked.includes('d0.example') ? keys.slice(0, 1) : [];
        if (unprocessed.length > 0) first = false;
        const served = domainsAsked.filter((d) => !unprocessed.some((k) => k.pk === `COMPANYLOOKUP#${d}`));
        return Promise.resolve({
          Responses: {
            [TABLE]: served.flatMap((d) =>
              d === 'd1.example'
                ? [item(d, nowSeconds - 1)]
                : d === 'd2.example'
                  ? [{ lookup: { outcome: 'sideways', domain: d }, expiresAt: nowSeconds + 60 }]
                  : d === 'd3.example'
                    ? []
                    : [item(d, nowSeconds + 60)],
            ),
          },
          ...(unprocessed.length > 0 ? { UnprocessedKeys: { [TABLE]: { Keys: unprocessed } } } : {}),
        });
      });

    // Act
    const found = await companyLookupCacheRepository.getMany(domains, now);

    // Assess
    const calls = ddbMock.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems?.[TABLE]?.Keys?.length);
    expect(calls.sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual([100, 50, 1]);
    expect(found.size).toBe(147);
    expect(found.has('d0.example')).toBe(true);
    expect(['d1.example', 'd2.example', 'd3.example'].some((d) => found.has(d))).toBe(false);
    expect(found.get('d4.example')).toEqual({
      outcome: 'no-own-ranges',
      domain: 'd4.example',
      companyName: 'Company d4.example',
    });
  });

  it('keeps a ranges-only answer (no-ranges, its company not asked yet) a day, and reads it back as such', async () => {
    // Prepare
    ddbMock.on(BatchWriteCommand).resolves({});
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [{ lookup: { outcome: 'no-ranges', domain: 'quiet.example' }, expiresAt: nowSeconds + 60 }],
      },
    });

    // Act
    await companyLookupCacheRepository.putMany([{ outcome: 'no-ranges', domain: 'quiet.example' }], now);
    const found = await companyLookupCacheRepository.getMany(['quiet.example'], now);

    // Assess
    const item = ddbMock.commandCalls(BatchWriteCommand)[0]?.args[0].input.RequestItems?.[TABLE]?.[0]?.PutRequest?.Item;
    expect(item).toMatchObject({
      lookup: { outcome: 'no-ranges', domain: 'quiet.example' },
      expiresAt: nowSeconds + UNKNOWN_LOOKUP_TTL_SECONDS,
    });
    expect(found.get('quiet.example')).toEqual({ outcome: 'no-ranges', domain: 'quiet.example' });
  });
});
