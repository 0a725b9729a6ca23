import { CSV_MATCH_CHUNK_MAX_ENTRIES } from '../constants';
import type { TCompanyMatchResult, TCompanyRow, TNoMatchExplanations } from '../targeting/company.schema';
import { domainEntryKey, parseDomainEntry } from '../lists/domain-entry';
import type { RealtimeParts } from './event';
import { packGroups } from './parts';

/** A list of entries in chunks of at most 200 that fit, every spelling of one domain in the same chunk. */
function splitDomains<T extends { domains: string[] }>(request: T, fits: (request: T) => boolean): T[] {
  if (request.domains.length <= CSV_MATCH_CHUNK_MAX_ENTRIES && fits(request)) return [request];
  const groups = new Map<string, string[]>();
  for (const domain of request.domains) {
    const key = domainEntryKey(parseDomainEntry(domain));
    const group = groups.get(key);
    if (group) group.push(domain);
    else groups.set(key, [domain]);
  }
  return packGroups([...groups.values()], (domains) => ({ ...request, domains }), fits, {
    maxItems: CSV_MATCH_CHUNK_MAX_ENTRIES,
    what: 'A domain',
  });
}

const countMatches = (rows: readonly TCompanyRow[]): number => rows.filter((row) => row.domainInfo).length;

/**
 * Chunks and parts of a company match (`getCSVKickfireMatches`). A long list goes in chunks of at
 * most 200 entries that fit a frame, every spelling of one domain in the same chunk (so the server
 * sees all of a company's lines at once: one row, one log entry with all original spellings). A
 * reply too big for a message goes in parts: the listed rows first, then the unique ones. Merging
 * concatenates, drops a unique row seen before, and recounts the matches.
 */
export const companyMatchParts: RealtimeParts<{ domains: string[] }, TCompanyMatchResult> = {
  splitRequest: splitDomains,

  size: (request) => request.domains.length,

  splitPayload(payload, fits) {
    if (fits(payload)) return [payload];
    const rowsOf = (rows: readonly TCompanyRow[]) => rows.map((row) => [row]);
    const primary = packGroups(
      rowsOf(payload.primarySegments),
      (rows): TCompanyMatchResult => ({ primarySegments: rows, uniqueSegments: [], matches: 0 }),
      fits,
      { what: 'A company row' },
    );
    const unique = packGroups(
      rowsOf(payload.uniqueSegments),
      (rows): TCompanyMatchResult => ({ primarySegments: [], uniqueSegments: rows, matches: countMatches(rows) }),
      fits,
      { what: 'A company row' },
    );
    return [...primary, ...unique];
  },

  merge(payloads) {
    const seen = new Set<string>();
    const uniqueSegments: TCompanyRow[] = [];
    for (const row of payloads.flatMap((payload) => payload.uniqueSegments)) {
      if (seen.has(row.domain)) continue;
      seen.add(row.domain);
      uniqueSegments.push(row);
    }
    return {
      primarySegments: payloads.flatMap((payload) => payload.primarySegments),
      uniqueSegments,
      matches: countMatches(uniqueSegments),
    };
  },
};

/**
 * Chunks and parts of an explanation of misses (`explainNoMatches`): the entries cut like a match's
 * (at most 200 a chunk, a domain's spellings together); a reply too big for a message goes in parts of
 * consecutive explanations; merging concatenates them in order.
 */
export const noMatchExplanationParts: RealtimeParts<{ domains: string[] }, TNoMatchExplanations> = {
  splitRequest: splitDomains,
  size: (request) => request.domains.length,
  splitPayload(payload, fits) {
    if (fits(payload)) return [payload];
    return packGroups(
      payload.reasons.map((reason) => [reason]),
      (reasons): TNoMatchExplanations => ({ reasons }),
      fits,
      { what: 'An explanation' },
    );
  },
  merge: (payloads) => ({ reasons: payloads.flatMap((payload) => payload.reasons) }),
};
