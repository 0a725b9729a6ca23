import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@bidgrid/shared/zod';
import type { CompanyLookupCache } from '../../domain/ports/company-lookup-cache.port';
import type { TDomainLookup } from '../../domain/ports/company-matcher.port';
import { batchPut, ddb, tables } from '../dynamodb';
import type { Item } from '../dynamodb';

/**
 * Keys of the company look-up cache in the app table (DATA-MODEL "company look-up"): one item per
 * normalised domain, `COMPANYLOOKUP#{domain}` / `LOOKUP`, its own partition so a batch read spreads
 * over the table. Not under an agency: a vendor's answer about a public website is shared by all.
 */
export const companyLookupKeys = {
  domain: (domain: string) => ({ pk: `COMPANYLOOKUP#${domain}`, sk: 'LOOKUP' }),
} as const;

/** A company's answer (matched, no ranges of its own, redirected) is kept a week: companies move their networks rarely. */
export const COMPANY_LOOKUP_TTL_SECONDS = 7 * 24 * 3600;
/**
 * Nothing known is kept a day: a new company or a fixed vendor record shows up by tomorrow. So is a
 * domain without ranges whose company was not asked yet (`no-ranges`): it may be a new company too.
 */
export const UNKNOWN_LOOKUP_TTL_SECONDS = 24 * 3600;

/** BatchGetItem reads at most 100 keys a request. */
const BATCH_GET_SIZE = 100;
const MAX_BATCH_GET_ATTEMPTS = 6;

const ZCachedLookup = z.object({
  lookup: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('matched'),
      domain: z.string(),
      companyName: z.nullable(z.string()),
      ranges: z.array(z.string()),
    }),
    z.object({ outcome: z.literal('redirected'), domain: z.string(), redirectsTo: z.string() }),
    z.object({ outcome: z.literal('no-own-ranges'), domain: z.string(), companyName: z.string() }),
    z.object({ outcome: z.literal('unknown'), domain: z.string() }),
    z.object({ outcome: z.literal('no-ranges'), domain: z.string() }),
  ]),
  expiresAt: z.number(),
});

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

async function getMany(domains: readonly string[], now: Date): Promise<Map<string, TDomainLookup>> {
  const table = tables().app;
  const keys = [...new Set(domains)].map(companyLookupKeys.domain);
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) chunks.push(keys.slice(i, i + BATCH_GET_SIZE));
  const items = await Promise.all(
    chunks.map(async (chunk) => {
      const found: Item[] = [];
      let pending = chunk;
      for (let attempt = 1; pending.length > 0; attempt++) {
        if (attempt > MAX_BATCH_GET_ATTEMPTS) throw new Error(`company look-ups: ${pending.length} keys unprocessed`);
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 2)));
        const out = await ddb().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: pending,
                ProjectionExpression: '#lookup, expiresAt',
                ExpressionAttributeNames: { '#lookup': 'lookup' },
              },
            },
          }),
        );
        found.push(...((out.Responses?.[table] ?? []) as Item[]));
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
      }
      return found;
    }),
  );
  const fresh = new Map<string, TDomainLookup>();
  for (const item of items.flat()) {
    const parsed = ZCachedLookup.safeParse(item);
    // DynamoDB's TTL removes expired items late (within days): an expired one is a miss. An item of
    // another shape (an older version) is a miss too, overwritten by the next look-up.
    if (!parsed.success || parsed.data.expiresAt <= seconds(now)) continue;
    fresh.set(parsed.data.lookup.domain, parsed.data.lookup);
  }
  return fresh;
}

async function putMany(lookups: readonly TDomainLookup[], now: Date): Promise<void> {
  const byDomain = new Map(lookups.map((lookup) => [lookup.domain, lookup]));
  await batchPut(
    tables().app,
    [...byDomain.values()].map((lookup) => ({
      ...companyLookupKeys.domain(lookup.domain),
      entity: 'companyLookup',
      lookup,
      lookedUpAt: now.toISOString(),
      expiresAt:
        seconds(now) +
        (lookup.outcome === 'unknown' || lookup.outcome === 'no-ranges'
          ? UNKNOWN_LOOKUP_TTL_SECONDS
          : COMPANY_LOOKUP_TTL_SECONDS),
    })),
  );
}

/** The company look-up cache in the app table (DynamoDB). */
export const companyLookupCacheRepository: CompanyLookupCache = { getMany, putMany };
