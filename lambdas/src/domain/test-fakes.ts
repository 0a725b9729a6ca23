import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { invalidCursor } from '../kernel/invalid-cursor';
import { createLogger } from '../kernel/logger';
import type { Logger } from '../kernel/logger';
import type { TAdvertiserRecord } from './advertisers/advertiser-record.schema';
import type { AdvertiserRepository } from './ports/advertiser.port';
import type { CompanyLookupCache } from './ports/company-lookup-cache.port';
import type { CompanyMatcher, TDomainLookup } from './ports/company-matcher.port';
import type { AppMetrics } from './ports/metrics.port';
import type { SignUpTicketStore, TSignUpTicketRecord } from './ports/sign-up-tickets.port';
import type { TPage, TPageRequest } from './ports/page.port';

/** A logger for use-case tests: silent, but keeps the lines for assertions. */
export function memoryLogger(): Logger & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return Object.assign(log, { lines });
}

/** One call of the metrics port, as `recordingMetrics` keeps it. */
export type TRecordedMetric = {
  [K in keyof AppMetrics]: { metric: K; args: Parameters<AppMetrics[K]> };
}[keyof AppMetrics];

/** A metrics port for use-case tests: keeps every call, in order, for assertions. */
export function recordingMetrics(): AppMetrics & { recorded: TRecordedMetric[] } {
  const recorded: TRecordedMetric[] = [];
  return {
    recorded,
    campaignCreated: (...args) => recorded.push({ metric: 'campaignCreated', args }),
    campaignCreationFailed: (...args) => recorded.push({ metric: 'campaignCreationFailed', args }),
    bidderError: (...args) => recorded.push({ metric: 'bidderError', args }),
    reportRowsSynced: (...args) => recorded.push({ metric: 'reportRowsSynced', args }),
    reportSyncLag: (...args) => recorded.push({ metric: 'reportSyncLag', args }),
    billingOutcome: (...args) => recorded.push({ metric: 'billingOutcome', args }),
  };
}

/**
 * A page of an in-memory list, as the stores page theirs: `limit` items from where the cursor stopped,
 * the cursor naming its list (another list's cursor is a 400, as in the real stores).
 */
export function memoryPage<T>(items: readonly T[], page: TPageRequest, list: string): TPage<T> {
  let start = 0;
  if (page.cursor !== null) {
    const [of, at] = page.cursor.split('@');
    if (of !== list || !/^\d+$/.test(at ?? '')) throw invalidCursor(`Fake cursor ${page.cursor} used on ${list}`);
    start = Number(at);
  }
  const end = start + page.limit;
  return { items: items.slice(start, end), nextCursor: end < items.length ? `${list}@${end}` : null };
}

/** A plausible advertiser of the demo agency; override what a test varies. */
export function advertiserFixture(overrides: Partial<TAdvertiser> = {}): TAdvertiser {
  return {
    bgAdvertiserId: 'bgAdvertiser-acme',
    beeswaxAdvertiserId: 101,
    name: 'Acme Corp',
    createdBy: 'demo',
    createdAt: '2026-10-01T10:00:00.000Z',
    domain: 'acme.example',
    address_1: '1 Main St',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    phone: '+1 217 555 0100',
    parentAgencyId: 'bgAgency-demo',
    category: 'IAB3',
    hubspot_authed: false,
    hubspot_portal_id: null,
    paymentMethod: null,
    advertiser_card_name: null,
    billingEmail: null,
    ...overrides,
  };
}

/** The stored record of `advertiserFixture` with server fields. */
export function recordFixture(overrides: Partial<TAdvertiserRecord> = {}): TAdvertiserRecord {
  return {
    ...advertiserFixture(),
    stripeCustomerId: null,
    stripePaymentMethodId: null,
    billedThrough: null,
    lastChargedAt: null,
    billingBlockedPaymentMethodId: null,
    ...overrides,
  };
}

/** A record with a saved card, ready to bill. */
export function cardRecordFixture(overrides: Partial<TAdvertiserRecord> = {}): TAdvertiserRecord {
  return recordFixture({
    stripeCustomerId: 'cus_acme',
    stripePaymentMethodId: 'pm_acme',
    paymentMethod: { card: { last4: '4242', brand: 'visa' } },
    advertiser_card_name: 'Main card',
    billingEmail: 'billing@acme.example',
    ...overrides,
  });
}

/**
 * An in-memory advertiser store with the real one's rules: keyed by agency (another agency's id is
 * not found), creates that never overwrite, card changes only while the card is still the saved one.
 */
export function memoryAdvertisers(records: TAdvertiserRecord[] = [recordFixture()]) {
  const byKey = new Map(records.map((r) => [`${r.parentAgencyId}|${r.bgAdvertiserId}`, r]));
  const key = (agencyId: string, advertiserId: string) => `${agencyId}|${advertiserId}`;
  const update = (
    agencyId: string,
    advertiserId: string,
    change: (r: TAdvertiserRecord) => TAdvertiserRecord | null,
  ) => {
    const current = byKey.get(key(agencyId, advertiserId));
    const next = current ? change(current) : null;
    if (next) byKey.set(key(agencyId, advertiserId), next);
    return next;
  };
  const repo: AdvertiserRepository = {
    getAdvertiser: async (agencyId, advertiserId) => byKey.get(key(agencyId, advertiserId)) ?? null,
    listAdvertisers: async (agencyId, page) =>
      memoryPage(
        [...byKey.values()].filter((r) => r.parentAgencyId === agencyId),
        page,
        `advertisers/${agencyId}`,
      ),
    async putNewAdvertiser(agencyId, advertiser) {
      // Ids are reserved across agencies, as the store reserves them.
      if ([...byKey.values()].some((r) => r.bgAdvertiserId === advertiser.bgAdvertiserId)) return false;
      byKey.set(key(agencyId, advertiser.bgAdvertiserId), {
        ...advertiser,
        stripeCustomerId: null,
        stripePaymentMethodId: null,
        billedThrough: null,
        lastChargedAt: null,
        billingBlockedPaymentMethodId: null,
      });
      return true;
    },
    async setStripeCustomer(agencyId, advertiserId, customerId) {
      const next = update(agencyId, advertiserId, (r) =>
        r.stripeCustomerId ? r : { ...r, stripeCustomerId: customerId },
      );
      return next?.stripeCustomerId ?? null;
    },
    saveCard: async (agencyId, advertiserId, customerId, card) =>
      update(agencyId, advertiserId, (r) =>
        r.stripeCustomerId !== customerId
          ? null
          : {
              ...r,
              stripePaymentMethodId: card.paymentMethodId,
              paymentMethod: { card: { last4: card.last4, brand: card.brand } },
              advertiser_card_name: card.friendlyName,
              billingEmail: card.billingEmail,
              billingBlockedPaymentMethodId: null,
            },
      ),
    updateCardSummary: async (agencyId, advertiserId, paymentMethodId, card) =>
      update(agencyId, advertiserId, (r) =>
        r.stripePaymentMethodId === paymentMethodId ? { ...r, paymentMethod: { card } } : null,
      ) !== null,
    clearCard: async (agencyId, advertiserId, paymentMethodId) =>
      update(agencyId, advertiserId, (r) =>
        r.stripePaymentMethodId === paymentMethodId ? { ...r, paymentMethod: null, stripePaymentMethodId: null } : null,
      ) !== null,
    listBillable: async () =>
      [...byKey.values()]
        .filter((r) => r.stripePaymentMethodId)
        .map((r) => ({ agencyId: r.parentAgencyId, advertiserId: r.bgAdvertiserId })),
    advanceBilledThrough: async (agencyId, advertiserId, previous, next, chargedAt) =>
      update(agencyId, advertiserId, (r) =>
        r.billedThrough === previous ? { ...r, billedThrough: next, lastChargedAt: chargedAt } : null,
      ) !== null,
    async blockBilling(agencyId, advertiserId, paymentMethodId) {
      update(agencyId, advertiserId, (r) =>
        r.stripePaymentMethodId === paymentMethodId ? { ...r, billingBlockedPaymentMethodId: paymentMethodId } : null,
      );
    },
  };
  return { repo, get: (agencyId: string, advertiserId: string) => byKey.get(key(agencyId, advertiserId)) };
}

/** An in-memory ticket store with the conditions of the DynamoDB one. */
export function memoryTicketStore(): SignUpTicketStore & { records: Map<string, TSignUpTicketRecord> } {
  const records = new Map<string, TSignUpTicketRecord>();
  return {
    records,
    saveIssued: async (record) => {
      if (records.has(record.ticketHash)) throw new Error('ticket hash collision');
      records.set(record.ticketHash, record);
    },
    markSignedUp: async ({ ticketHash, username, email, at }) => {
      const found = records.get(ticketHash);
      if (!found || found.status !== 'issued' || found.username !== username || found.email !== email) return false;
      if (found.signUpBy <= at) return false;
      records.set(ticketHash, { ...found, status: 'signed-up', signedUpAt: at });
      return true;
    },
    find: async (ticketHash) => records.get(ticketHash) ?? null,
  };
}

/**
 * The company look-up cache in memory, with the repository's expiry rule (an answer is fresh for
 * `ttlMs`); `reads` and `writes` record the domains of each batch for assertions.
 */
export function memoryLookupCache(ttlMs = 7 * 24 * 3600 * 1000): CompanyLookupCache & {
  stored: Map<string, { lookup: TDomainLookup; at: number }>;
  reads: string[][];
  writes: string[][];
} {
  const stored = new Map<string, { lookup: TDomainLookup; at: number }>();
  const reads: string[][] = [];
  const writes: string[][] = [];
  return {
    stored,
    reads,
    writes,
    getMany: async (domains, now) => {
      reads.push([...domains]);
      const fresh = new Map<string, TDomainLookup>();
      for (const domain of domains) {
        const entry = stored.get(domain);
        if (entry && now.getTime() - entry.at < ttlMs) fresh.set(domain, entry.lookup);
      }
      return fresh;
    },
    putMany: async (lookups, now) => {
      writes.push(lookups.map((l) => l.domain));
      for (const lookup of lookups) stored.set(lookup.domain, { lookup, at: now.getTime() });
    },
  };
}

/** What a fake company-matching vendor knows of a domain: the whole answer, as its two APIs tell it together. */
export type TKnownDomain =
  | { outcome: 'matched'; companyName: string | null; ranges: string[] }
  | { outcome: 'redirected'; redirectsTo: string }
  | { outcome: 'no-own-ranges'; companyName: string }
  | { outcome: 'unknown' };

/**
 * A company-matching vendor that knows `known` (anything else unknown), answering its two look-ups
 * apart and recording each: `rangeCalls` and `companyCalls` by domain, `calls` both in order.
 */
export function fakeCompanyMatcher(known: Readonly<Record<string, TKnownDomain>>): {
  matcher: CompanyMatcher;
  calls: string[];
  rangeCalls: string[];
  companyCalls: string[];
} {
  const calls: string[] = [];
  const rangeCalls: string[] = [];
  const companyCalls: string[] = [];
  const matcher: CompanyMatcher = {
    ranges: async (domain, signal) => {
      signal?.throwIfAborted();
      calls.push(domain);
      rangeCalls.push(domain);
      const found = known[domain] ?? { outcome: 'unknown' };
      if (found.outcome === 'redirected') return { outcome: 'redirected', domain, redirectsTo: found.redirectsTo };
      if (found.outcome === 'matched' && found.ranges.length > 0)
        return { outcome: 'ranges', domain, ranges: found.ranges };
      return { outcome: 'no-ranges', domain };
    },
    companyName: async (domain, signal) => {
      signal?.throwIfAborted();
      calls.push(domain);
      companyCalls.push(domain);
      const found = known[domain];
      return found?.outcome === 'matched' || found?.outcome === 'no-own-ranges' ? found.companyName : null;
    },
  };
  return { matcher, calls, rangeCalls, companyCalls };
}
