import { CSV_MATCH_MAX_DOMAINS } from '@bidgrid/shared/constants';
import type { TCompanyMatchResult, TCompanyRow, TFoundCompanyInfo } from '@bidgrid/shared/entities/company.schema';

/** Longest entry the match takes: no domain is longer, so a longer line is cut and reported as no domain. */
export const MAX_ENTRY_LENGTH = 2048;

/** Ours: a file with more lines than one match takes. */
export const tooManyDomainsText = (count: number): string =>
  `A file can hold at most ${CSV_MATCH_MAX_DOMAINS.toLocaleString('en-US')} domains; this one has ${count.toLocaleString('en-US')}.`;

/** Column names a spreadsheet export puts on its first line; such a line is not a domain. */
const HEADER_LINES = new Set(['domain', 'domains', 'website', 'websites', 'company domain', 'url']);

/**
 * The CSV's lines without a header line (001 §5: one domain per line), each at most 2,048
 * characters (a longer line is no domain; the match says so for the cut line).
 */
export function domainLines(lines: readonly string[]): string[] {
  const [first, ...rest] = lines;
  const body = first !== undefined && HEADER_LINES.has(first.trim().toLowerCase()) ? rest : [...lines];
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
