import { CSV_MATCH_MAX_DOMAINS } from '@bidgrid/shared/constants';
import type {
  TCompanyMatchResult,
  TCompanyRow,
  TFoundCompanyInfo,
  TNoMatchExplanation,
} from '@bidgrid/shared/targeting/company.schema';
import { domainEntryKey, parseDomainEntry } from '@bidgrid/shared/lists/domain-entry';

/** Longest entry the match takes: no domain is longer, so a longer line is cut and reported as no domain. */
export const MAX_ENTRY_LENGTH = 2048;

/** Ours: a file with more lines than one match takes. */
export const tooManyDomainsText = (count: number): string =>
  `A file can hold at most ${CSV_MATCH_MAX_DOMAINS.toLocaleString('en-US')} domains; this one has ${count.toLocaleString('en-US')}.`;

/** Column names a spreadsheet export puts on its first line; such a line is not a domain. */
const HEADER_LINES = new Set(['domain', 'domains', 'website', 'websites', 'company domain', 'url']);

/**
 * The first cell of a CSV line. 001 §5 asks for one domain per line, but spreadsheet exports carry more
 * columns (`acme.com,Acme Inc`) and quote cells holding commas (`"acme.com","Acme, Inc."`); the
 * domain is the first column. The upload reader already took the outer quotes off a line, so a quoted
 * row arrives as `acme.com","Acme, Inc.`: its first cell ends at the first `","`.
 */
export function firstCell(line: string): string {
  const quotedEnd = line.indexOf('","');
  const cell = quotedEnd >= 0 ? line.slice(0, quotedEnd) : line.startsWith('"') ? line : line.split(',')[0];
  return (cell ?? '')
    .trim()
    .replace(/^"+|"+$/g, '')
    .replace(/""/g, '"')
    .trim();
}

/**
 * The CSV's domains (001 §5: one domain per line): the first cell of each line, blank cells dropped,
 * without a header line (`domain`, `website`, ...), each at most 2,048 characters (a longer line is no
 * domain; the match says so for the cut line). Duplicates stay: the match lists every line and
 * looks each domain up once.
 */
export function domainLines(lines: readonly string[]): string[] {
  const cells = lines.map(firstCell).filter((cell) => cell !== '');
  const [first, ...rest] = cells;
  const body = first !== undefined && HEADER_LINES.has(first.toLowerCase()) ? rest : cells;
  return body.map((line) => line.slice(0, MAX_ENTRY_LENGTH));
}

/** The draft's `foundCompanyInfo` (001 §3) of a match, with the user's include flags (`fromFile`: a CSV's). */
export function foundCompanyInfo(
  result: TCompanyMatchResult,
  included: ReadonlySet<string>,
  fromFile = true,
): TFoundCompanyInfo {
  const uniqueSegments: TCompanyRow[] = result.uniqueSegments.map((row) => ({
    ...row,
    // Only matched rows can be included: a domain without IP ranges has nothing to target.
    include: Boolean(row.domainInfo) && included.has(row.domain),
  }));
  return { ...result, uniqueSegments, fromFile };
}

/**
 * Several match results as one (the pages of a tier search, the lists chosen): every row of each as
 * listed, one unique row per domain (the first seen; a later copy never hides an earlier match), and
 * how many unique domains matched.
 */
export function mergeMatchResults(results: readonly TCompanyMatchResult[]): TCompanyMatchResult {
  const unique = new Map<string, TCompanyRow>();
  for (const result of results) {
    for (const row of result.uniqueSegments) {
      const seen = unique.get(row.domain);
      if (!seen || (!seen.domainInfo && row.domainInfo)) unique.set(row.domain, row);
    }
  }
  const uniqueSegments = [...unique.values()];
  return {
    primarySegments: results.flatMap((result) => result.primarySegments),
    uniqueSegments,
    matches: uniqueSegments.filter((row) => row.domainInfo).length,
  };
}

/** The rows included at first: every matched one. */
export const initiallyIncluded = (result: TCompanyMatchResult): Set<string> =>
  new Set(result.uniqueSegments.filter((row) => row.domainInfo).map((row) => row.domain));

/** The rows a stored match (the draft's `foundCompanyInfo`) keeps included. */
export const includedOf = (info: TFoundCompanyInfo): Set<string> =>
  new Set(info.uniqueSegments.filter((row) => row.include).map((row) => row.domain));

/** A row the match answered with the interim reason: no ranges, its company not asked yet. */
const awaitsExplanation = (row: TCompanyRow): boolean => !row.domainInfo && row.noMatch?.code === 'no-ranges';

/** The domains of a match whose reasons are still the interim one (`no-ranges`), to explain in the background. */
export const domainsToExplain = (result: TCompanyMatchResult): string[] =>
  result.uniqueSegments.filter(awaitsExplanation).map((row) => row.domain);

/**
 * A match with the explanations in place of the interim reasons, rows listed and unique alike (by
 * the domain they name, whatever the spelling). Only a `no-ranges` row changes: matched rows and the
 * other reasons stay as they were, and an explanation without a reason (the domain has ranges now)
 * leaves its row alone.
 */
export function withExplanations(
  result: TCompanyMatchResult,
  explanations: readonly TNoMatchExplanation[],
): TCompanyMatchResult {
  const reasons = new Map(
    explanations.flatMap((e) => (e.noMatch ? [[domainEntryKey(parseDomainEntry(e.domain)), e.noMatch] as const] : [])),
  );
  const explain = (row: TCompanyRow): TCompanyRow => {
    if (!awaitsExplanation(row)) return row;
    const reason = reasons.get(domainEntryKey(parseDomainEntry(row.domain)));
    return reason ? { ...row, noMatch: reason } : row;
  };
  return {
    ...result,
    primarySegments: result.primarySegments.map(explain),
    uniqueSegments: result.uniqueSegments.map(explain),
  };
}
