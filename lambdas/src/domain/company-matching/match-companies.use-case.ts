import { createHash } from 'node:crypto';
import type { TCompanyMatchResult, TCompanyRow, TNoMatchReason } from '@bidgrid/shared/entities/company.schema';
import { MAX_DOMAIN_LENGTH } from '@bidgrid/shared/entities/common.schema';
import { cleanEntry, domainEntryKey, parseDomainEntry } from '@bidgrid/shared/validation/domain-entry';
import type { TDomainEntry } from '@bidgrid/shared/validation/domain-entry';
import type { CompanyLookupCache } from '../ports/company-lookup-cache.port';
import type { CompanyMatcher, TDomainLookup } from '../ports/company-matcher.port';
import type { SegmentsLogRepository, TStoredSegmentsLogEntry } from '../ports/segments-log.port';
import { noMatchReason } from './no-match-reasons';
import { typoCandidates } from './typo-candidates';

/**
 * Most ranges kept for one company. Large networks hold thousands (an ISP's domain), which no line
 * item's IP targeting could carry and no realtime message could hold; the vendor's first ones are kept.
 */
export const MAX_RANGES_PER_COMPANY = 500;

/** Ports of company matching. */
export interface MatchCompaniesDeps {
  matcher: CompanyMatcher;
  /** Vendor answers by domain, read before asking the vendor and written after. */
  lookupCache: CompanyLookupCache;
  segmentsLog: Pick<SegmentsLogRepository, 'runDate' | 'putEntries'>;
  now: () => Date;
  /** How often progress is repeated while look-ups are in flight (`PROGRESS_HEARTBEAT_MS` unless a test says). */
  heartbeatMs?: number;
}

/**
 * Progress is repeated at least this often while look-ups run, even when none has finished: a slow
 * vendor answer (a retry's back-off, the pace of its rate limit) must not leave the page without news
 * for a second (the issue's bench: progress at least every second).
 */
export const PROGRESS_HEARTBEAT_MS = 500;

/** One company matching: a list of entries (CSV lines), and the run it belongs to. */
export interface MatchCompaniesInput {
  entries: readonly string[];
  /**
   * Identifies the run for the segments log (`matchingRunKey`): chunks and retries of one upload
   * share it, so a match is logged once however often its chunk is sent.
   */
  runKey: string;
  /** Entries resolved so far, of all entries. */
  progress?: (done: number, total: number) => void;
  /** Stops the work (no more look-ups, nothing logged) when nobody waits for the answer any more. */
  signal?: AbortSignal;
}

/** A stable key for a matching run from what identifies it (caller, correlation id, ...). */
export function matchingRunKey(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

/** The id of a run's log entry: the same run, domain and range always give the same id. */
const logEntryId = (runKey: string, subdomain: string, ipSegment: string): string =>
  `seglog-${createHash('sha256').update(`${runKey}\n${subdomain}\n${ipSegment}`).digest('base64url').slice(0, 24)}`;

/** What one unique entry came to: matched ranges, or a reason. */
type TOutcome =
  { matched: true; domain: string; companyName: string; ranges: string[] } | { matched: false; reason: TNoMatchReason };

/** The entries of a list that name the same thing (`acme.com`, `https://www.Acme.com/`). */
interface TGroup {
  readonly key: string;
  readonly parsed: TDomainEntry;
  /** The entries as given (cleaned), in list order. */
  readonly entries: string[];
}

function groupEntries(entries: readonly string[]): TGroup[] {
  const groups = new Map<string, TGroup>();
  for (const raw of entries) {
    const parsed = parseDomainEntry(raw);
    const key = domainEntryKey(parsed);
    const group = groups.get(key);
    if (group) group.entries.push(cleanEntry(raw));
    else groups.set(key, { key, parsed, entries: [cleanEntry(raw)] });
  }
  return [...groups.values()];
}

/** The outcome of an entry that is no domain: known without asking the vendor. */
function offlineOutcome(parsed: TDomainEntry): TOutcome | null {
  switch (parsed.kind) {
    case 'domain':
      return null;
    case 'path':
      return { matched: false, reason: noMatchReason.path(parsed.entry, parsed.path) };
    case 'name-only':
      return { matched: false, reason: noMatchReason.nameOnly(parsed.entry) };
    case 'not-a-domain':
      return { matched: false, reason: noMatchReason.notADomain(parsed.entry) };
    default:
      return parsed satisfies never;
  }
}

/** Look-ups of one match: the cache first, the vendor for the rest, each domain asked once. */
interface TLookups {
  lookup(domain: string, signal: AbortSignal): Promise<TDomainLookup>;
}

/** Cached answers are written in batches while the match runs, so the writes overlap the vendor's pace. */
const CACHE_WRITE_BATCH = 25;

/**
 * The look-ups of one match: answers cached for `domains` are read in one batch up front; a miss asks
 * the vendor once (concurrent asks of one domain share the answer) and is written to the cache in
 * batches, all written by `flush()`.
 */
async function lookupsOf(domains: readonly string[], deps: MatchCompaniesDeps, now: Date) {
  const cached = domains.length > 0 ? await deps.lookupCache.getMany(domains, now) : new Map<string, TDomainLookup>();
  const asked = new Map<string, Promise<TDomainLookup>>();
  let unwritten: TDomainLookup[] = [];
  const writes: Array<Promise<void>> = [];
  const write = (): void => {
    if (unwritten.length === 0) return;
    writes.push(deps.lookupCache.putMany(unwritten, now));
    unwritten = [];
  };
  const lookups: TLookups = {
    lookup(domain, signal) {
      const hit = cached.get(domain);
      if (hit) return Promise.resolve(hit);
      let answer = asked.get(domain);
      if (!answer) {
        answer = deps.matcher.lookup(domain, signal).then((found) => {
          // A company's first ranges are all a row keeps; a large network's thousands are not stored.
          const kept =
            found.outcome === 'matched' ? { ...found, ranges: found.ranges.slice(0, MAX_RANGES_PER_COMPANY) } : found;
          unwritten.push(kept);
          if (unwritten.length >= CACHE_WRITE_BATCH) write();
          return kept;
        });
        asked.set(domain, answer);
      }
      return answer;
    },
  };
  return {
    lookups,
    async flush(): Promise<void> {
      write();
      await Promise.all(writes);
    },
    /** Waits for the writes started so far, ignoring their failure (the match failed already). */
    async settle(): Promise<void> {
      await Promise.allSettled(writes);
    },
  };
}

/** A vendor answer as an outcome; an unknown domain is probed for a likely typo first. */
async function vendorOutcome(domain: string, lookups: TLookups, signal: AbortSignal): Promise<TOutcome> {
  const found: TDomainLookup = await lookups.lookup(domain, signal);
  switch (found.outcome) {
    case 'matched':
      return {
        matched: true,
        domain,
        companyName: found.companyName ?? domain,
        ranges: found.ranges.slice(0, MAX_RANGES_PER_COMPANY),
      };
    case 'redirected':
      return { matched: false, reason: noMatchReason.redirect(domain, found.redirectsTo) };
    case 'no-own-ranges':
      return { matched: false, reason: noMatchReason.noOwnRanges(domain, found.companyName) };
    case 'unknown':
      break;
  }
  for (const candidate of typoCandidates(domain)) {
    signal.throwIfAborted();
    const probe = await lookups.lookup(candidate, signal);
    if (probe.outcome === 'matched' || probe.outcome === 'no-own-ranges') {
      return { matched: false, reason: noMatchReason.typo(domain, candidate) };
    }
  }
  return { matched: false, reason: noMatchReason.notFound(domain) };
}

/**
 * A row names its entry as the user gave it; an entry longer than any domain (a pasted paragraph, up to the
 * list's 2,048 characters) is cut to the row's bound with an ellipsis, never through a character.
 */
export function rowLabel(entry: string): string {
  if (entry.length <= MAX_DOMAIN_LENGTH) return entry;
  let end = MAX_DOMAIN_LENGTH - 1;
  if (/[\uD800-\uDBFF]/.test(entry.charAt(end - 1))) end -= 1;
  return `${entry.slice(0, end)}…`;
}

function rowOf(entry: string, outcome: TOutcome): TCompanyRow {
  const domain = rowLabel(entry);
  return outcome.matched
    ? {
        domain,
        include: true,
        domainInfo: { domain: outcome.domain, companyName: outcome.companyName, ipSegments: outcome.ranges },
      }
    : { domain, include: false, noMatch: outcome.reason };
}

/**
 * Company matching (001 §7 `getCSVKickfireMatches`, `POST /campaign/csv-kickfire-matches`): entries
 * in (trimmed, normalised, de-duplicated: every spelling of one domain is looked up once), each
 * domain's company and IP ranges out, or the reason it did not match (a redirect and where to, a
 * path, a likely typo and the known domain meant, no ranges of its own, a company name, not a
 * domain, nothing found). Every entry is a row of `primarySegments` as listed; `uniqueSegments` has
 * one row per distinct entry; matched rows are included. Each match is written to the segments log
 * (000 §3: the domain queried, the entries as given, one range a line, the run's date), keyed by the
 * run so a retried chunk writes nothing twice.
 */
export async function matchCompanies(
  input: MatchCompaniesInput,
  deps: MatchCompaniesDeps,
): Promise<TCompanyMatchResult> {
  // One failed look-up fails the match: the others stop instead of spending the vendor's quota.
  const stop = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, stop.signal]) : stop.signal;
  const groups = groupEntries(input.entries);
  const total = input.entries.length;
  const outcomes = new Map<string, TOutcome>();
  let done = 0;
  const resolved = (group: TGroup, outcome: TOutcome): void => {
    outcomes.set(group.key, outcome);
    done += group.entries.length;
    input.progress?.(done, total);
  };

  const lookups: TGroup[] = [];
  for (const group of groups) {
    const offline = offlineOutcome(group.parsed);
    if (offline) outcomes.set(group.key, offline);
    else lookups.push(group);
  }
  done = total - lookups.reduce((sum, group) => sum + group.entries.length, 0);
  input.progress?.(done, total);

  // One batch read of the cache for every domain and the typos it may be probed for; the vendor
  // answers the rest. The adapter bounds and paces the requests; these wait their turn there.
  const now = deps.now();
  const cache = await lookupsOf(
    lookups.flatMap((group) => [group.key, ...typoCandidates(group.key)]),
    deps,
    now,
  );
  const heartbeat = setInterval(() => input.progress?.(done, total), deps.heartbeatMs ?? PROGRESS_HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    await Promise.all(
      lookups.map(async (group) => {
        signal.throwIfAborted();
        resolved(group, await vendorOutcome(group.key, cache.lookups, signal));
      }),
    );
    await cache.flush();
  } catch (error) {
    stop.abort();
    await cache.settle();
    // The caller's abort reason is the error that matters; otherwise the first failure.
    input.signal?.throwIfAborted();
    throw error;
  } finally {
    clearInterval(heartbeat);
  }

  const matchedGroups = groups.flatMap((group) => {
    const outcome = outcomes.get(group.key);
    return outcome?.matched ? [{ group, outcome }] : [];
  });
  if (matchedGroups.length > 0) {
    const date = await deps.segmentsLog.runDate(input.runKey, now);
    const entries: TStoredSegmentsLogEntry[] = matchedGroups.flatMap(({ group, outcome }) =>
      outcome.ranges.map((ipSegment) => ({
        id: logEntryId(input.runKey, outcome.domain, ipSegment),
        subdomain: outcome.domain,
        originalDomains: [...new Set(group.entries)],
        ipSegment,
        date,
      })),
    );
    await deps.segmentsLog.putEntries(entries);
  }

  const outcomeOf = (key: string): TOutcome => {
    const outcome = outcomes.get(key);
    if (!outcome) throw new Error(`No outcome for ${key}`);
    return outcome;
  };
  const primarySegments = input.entries.map((raw) => {
    const entry = cleanEntry(raw);
    return rowOf(entry, outcomeOf(domainEntryKey(parseDomainEntry(raw))));
  });
  const uniqueSegments = groups.map((group) =>
    rowOf(group.parsed.kind === 'domain' ? group.parsed.domain : (group.entries[0] as string), outcomeOf(group.key)),
  );
  return { primarySegments, uniqueSegments, matches: matchedGroups.length };
}
