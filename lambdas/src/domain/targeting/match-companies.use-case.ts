import { createHash } from 'node:crypto';
import type {
  TCompanyMatchResult,
  TCompanyRow,
  TNoMatchExplanations,
  TNoMatchReason,
} from '@bidgrid/shared/targeting/company.schema';
import { MAX_DOMAIN_LENGTH } from '@bidgrid/shared/common/common.schema';
import { cleanEntry, domainEntryKey, parseDomainEntry } from '@bidgrid/shared/lists/domain-entry';
import type { TDomainEntry } from '@bidgrid/shared/lists/domain-entry';
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

/** Ports of the look-ups (matching and explaining misses). */
export interface LookupDeps {
  matcher: CompanyMatcher;
  /** Vendor answers by domain, read before asking the vendor and written after. */
  lookupCache: CompanyLookupCache;
  now: () => Date;
  /** How often progress is repeated while look-ups are in flight (`PROGRESS_HEARTBEAT_MS` unless a test says). */
  heartbeatMs?: number;
}

/** Ports of company matching. */
export interface MatchCompaniesDeps extends LookupDeps {
  segmentsLog: Pick<SegmentsLogRepository, 'runDate' | 'putEntries'>;
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
  /**
   * How far a domain that did not match is explained (default `defer`: what the ranges tell, the rest
   * `no-ranges` for `explainNoMatches`); `explain` when the answer is the only one the user gets.
   */
  misses?: TMissDepth;
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

/**
 * Look-ups of one match or explanation: the cache first, the vendor for the rest, each domain asked
 * once. The ranges API says whether a domain can match; the company look-up (one paid request a
 * domain) is only asked where it changes the answer, and a cached ranges-only answer (`no-ranges`) is
 * completed by asking just that part.
 */
interface TLookups {
  /**
   * What the ranges say of a domain: a cached answer (of any depth), else the ranges API's. A domain
   * with ranges gets its company's name at once (a matched row shows it); one without is `no-ranges`.
   */
  ranges(domain: string, signal: AbortSignal): Promise<TDomainLookup>;
  /** The whole answer: `ranges`, a `no-ranges` one completed by the company look-up (never `no-ranges`). */
  full(domain: string, signal: AbortSignal): Promise<TDomainLookup>;
}

/** Cached answers are written in batches while the match runs, so the writes overlap the vendor's pace. */
const CACHE_WRITE_BATCH = 25;

/**
 * The look-ups of one run: answers cached for `domains` are read in one batch up front; what the
 * vendor answers is written to the cache in batches (a completed answer replacing the ranges-only one
 * of the same domain), all written by `flush()`.
 */
async function lookupsOf(domains: readonly string[], deps: LookupDeps, now: Date) {
  const cached = domains.length > 0 ? await deps.lookupCache.getMany(domains, now) : new Map<string, TDomainLookup>();
  const ranged = new Map<string, Promise<TDomainLookup>>();
  const completed = new Map<string, Promise<TDomainLookup>>();
  let unwritten = new Map<string, TDomainLookup>();
  const writes: Array<Promise<void>> = [];
  /** The write in flight of each domain: a completed answer's write waits for its ranges-only one. */
  const writing = new Map<string, Promise<unknown>>();
  const write = (): void => {
    if (unwritten.size === 0) return;
    const batch = [...unwritten.values()];
    unwritten = new Map();
    const before = batch.flatMap((found) => writing.get(found.domain) ?? []);
    const done = Promise.allSettled(before).then(() => deps.lookupCache.putMany(batch, now));
    writes.push(done);
    const settled = done.catch(() => undefined);
    for (const found of batch) writing.set(found.domain, settled);
  };
  const keep = (found: TDomainLookup): TDomainLookup => {
    unwritten.set(found.domain, found);
    if (unwritten.size >= CACHE_WRITE_BATCH) write();
    return found;
  };
  const askRanges = async (domain: string, signal: AbortSignal): Promise<TDomainLookup> => {
    const found = await deps.matcher.ranges(domain, signal);
    if (found.outcome !== 'ranges') return keep(found);
    const companyName = await deps.matcher.companyName(domain, signal);
    // A company's first ranges are all a row keeps; a large network's thousands are not stored.
    return keep({ outcome: 'matched', domain, companyName, ranges: found.ranges.slice(0, MAX_RANGES_PER_COMPANY) });
  };
  const lookups: TLookups = {
    ranges(domain, signal) {
      let answer = ranged.get(domain);
      if (!answer) {
        const hit = cached.get(domain);
        answer = hit ? Promise.resolve(hit) : askRanges(domain, signal);
        ranged.set(domain, answer);
      }
      return answer;
    },
    full(domain, signal) {
      let answer = completed.get(domain);
      if (!answer) {
        answer = lookups.ranges(domain, signal).then(async (found): Promise<TDomainLookup> => {
          if (found.outcome !== 'no-ranges') return found;
          const companyName = await deps.matcher.companyName(domain, signal);
          return keep(companyName ? { outcome: 'no-own-ranges', domain, companyName } : { outcome: 'unknown', domain });
        });
        completed.set(domain, answer);
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
    /** Waits for the writes started so far, ignoring their failure (the run failed already). */
    async settle(): Promise<void> {
      await Promise.allSettled(writes);
    },
  };
}

/**
 * The IP ranges the server's own match holds for each normalised domain (`acme.com`): the look-up
 * cache's answer, else the vendor's (then kept), as a match finds them; null for a domain that does
 * not match. What a campaign's line items target, whatever ranges a request carried (issue 26 §3).
 */
export async function matchedRanges(
  domains: readonly string[],
  deps: Pick<LookupDeps, 'matcher' | 'lookupCache' | 'now'>,
): Promise<Map<string, string[] | null>> {
  const unique = [...new Set(domains)];
  if (unique.length === 0) return new Map();
  const stop = new AbortController();
  const cache = await lookupsOf(unique, deps, deps.now());
  try {
    const answers = await Promise.all(
      unique.map(async (domain) => [domain, await cache.lookups.ranges(domain, stop.signal)] as const),
    );
    await cache.flush();
    return new Map(
      answers.map(([domain, found]) => [
        domain,
        found.outcome === 'matched' ? found.ranges.slice(0, MAX_RANGES_PER_COMPANY) : null,
      ]),
    );
  } catch (error) {
    stop.abort();
    await cache.settle();
    throw error;
  }
}

/**
 * How far a run takes a domain that did not match: `defer` answers with what the ranges tell (the
 * company look-ups only where a typo candidate has ranges, so the suggestion is the one a full answer
 * gives), leaving `no-ranges` where only the company look-ups could tell more; `explain` asks them.
 */
export type TMissDepth = 'defer' | 'explain';

/** A final answer that needs no typo probe: matched, redirected, or a known company without ranges. */
function settledOutcome(domain: string, found: TDomainLookup): TOutcome | null {
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
    case 'no-ranges':
      return null;
    default:
      return found satisfies never;
  }
}

/**
 * A domain's outcome. In full (`explain`), as the reasons have always been told: matched, a redirect,
 * a known company without ranges of its own, else the first typo candidate the vendor knows (a
 * company with or without ranges), else not found. Deferred, the same answer wherever the ranges
 * settle it (the candidates' ranges come in the match's batches; a candidate with ranges settles it,
 * asking the company look-ups of the domain and earlier candidates to keep that order), else
 * `no-ranges`, which `explainNoMatches` turns into the full answer later.
 */
async function domainOutcome(
  domain: string,
  lookups: TLookups,
  signal: AbortSignal,
  misses: TMissDepth,
): Promise<TOutcome> {
  const candidates = typoCandidates(domain);
  // Deferred, the candidates' ranges are asked with the domain's, in the same batch request: one
  // round trip a chunk instead of two, for a few batch paths more (the candidates of a domain that
  // matches). In full, they are asked only when the domain is unknown, as they always were.
  const eager = misses === 'defer' ? candidates.map((candidate) => lookups.ranges(candidate, signal)) : null;
  // A failure of an eager probe is the run's failure, once awaited below; unawaited it would be unhandled.
  for (const probe of eager ?? []) probe.catch(() => undefined);
  const own = misses === 'explain' ? await lookups.full(domain, signal) : await lookups.ranges(domain, signal);
  const settled = settledOutcome(domain, own);
  if (settled) return settled;
  const probes = await Promise.all(eager ?? candidates.map((candidate) => lookups.ranges(candidate, signal)));
  const anyCandidateMatches = probes.some((probe) => probe.outcome === 'matched');
  const anyUnasked = own.outcome === 'no-ranges' || probes.some((probe) => probe.outcome === 'no-ranges');
  if (misses === 'defer' && !anyCandidateMatches && anyUnasked) {
    return { matched: false, reason: noMatchReason.noRanges(domain) };
  }
  if (own.outcome === 'no-ranges') {
    const full = await lookups.full(domain, signal);
    if (full.outcome === 'no-own-ranges') return settledOutcome(domain, full) as TOutcome;
  }
  for (const [i, candidate] of candidates.entries()) {
    signal.throwIfAborted();
    let probe = probes[i] as TDomainLookup;
    if (probe.outcome === 'no-ranges') probe = await lookups.full(candidate, signal);
    if (probe.outcome === 'matched' || probe.outcome === 'no-own-ranges') {
      return { matched: false, reason: noMatchReason.typo(domain, candidate) };
    }
  }
  return { matched: false, reason: noMatchReason.notFound(domain) };
}

/**
 * Runs `resolve` on every group that needs the vendor, with the cache read for their domains and typo
 * candidates in one batch, progress in entries (repeated every heartbeat while look-ups are in
 * flight), and the vendor's answers written to the cache. One failure stops the rest and fails the run.
 */
async function resolveGroups(
  groups: readonly TGroup[],
  total: number,
  input: { progress?: (done: number, total: number) => void; signal?: AbortSignal },
  deps: LookupDeps,
  now: Date,
  resolve: (group: TGroup, lookups: TLookups, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, stop.signal]) : stop.signal;
  let done = total - groups.reduce((sum, group) => sum + group.entries.length, 0);
  input.progress?.(done, total);
  // The adapter bounds and paces the requests; these wait their turn there.
  const cache = await lookupsOf(
    groups.flatMap((group) => [group.key, ...typoCandidates(group.key)]),
    deps,
    now,
  );
  const heartbeat = setInterval(() => input.progress?.(done, total), deps.heartbeatMs ?? PROGRESS_HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    await Promise.all(
      groups.map(async (group) => {
        signal.throwIfAborted();
        await resolve(group, cache.lookups, signal);
        done += group.entries.length;
        input.progress?.(done, total);
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
  const groups = groupEntries(input.entries);
  const outcomes = new Map<string, TOutcome>();
  const lookups: TGroup[] = [];
  for (const group of groups) {
    const offline = offlineOutcome(group.parsed);
    if (offline) outcomes.set(group.key, offline);
    else lookups.push(group);
  }
  const now = deps.now();
  const misses = input.misses ?? 'defer';
  await resolveGroups(lookups, input.entries.length, input, deps, now, async (group, cache, signal) => {
    outcomes.set(group.key, await domainOutcome(group.key, cache, signal, misses));
  });

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

/** One explanation of misses: the entries of rows that did not match (`no-ranges` ones, as a rule). */
export interface ExplainNoMatchesInput {
  entries: readonly string[];
  /** Entries explained so far, of all entries. */
  progress?: (done: number, total: number) => void;
  /** Stops the look-ups when nobody waits for the answer any more. */
  signal?: AbortSignal;
}

/**
 * Why entries did not match, in full (ours, issue 12: the second phase of a match). A match answers
 * fast with `no-ranges` where only the company look-ups (one paid vendor request a domain) could say
 * more; this asks them: a known company without ranges of its own, a likely typo of a known company,
 * or nothing found (a redirect or a path as the match said). Each entry gets the reason a one-phase
 * match gives it, `noMatch` null for one that has ranges after all (matched since: match it again).
 * Answers come from the look-up cache where the match left them, so only the company part is asked;
 * nothing is logged (nothing matches here).
 */
export async function explainNoMatches(input: ExplainNoMatchesInput, deps: LookupDeps): Promise<TNoMatchExplanations> {
  const groups = groupEntries(input.entries);
  const reasons = new Map<string, TNoMatchReason | null>();
  const lookups: TGroup[] = [];
  for (const group of groups) {
    const offline = offlineOutcome(group.parsed);
    if (offline) reasons.set(group.key, offline.matched ? null : offline.reason);
    else lookups.push(group);
  }
  await resolveGroups(lookups, input.entries.length, input, deps, deps.now(), async (group, cache, signal) => {
    const outcome = await domainOutcome(group.key, cache, signal, 'explain');
    reasons.set(group.key, outcome.matched ? null : outcome.reason);
  });
  return {
    reasons: input.entries.map((entry) => ({
      domain: entry,
      noMatch: reasons.get(domainEntryKey(parseDomainEntry(entry))) ?? null,
    })),
  };
}
