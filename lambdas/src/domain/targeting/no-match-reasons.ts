import type { TNoMatchReason } from '@bidgrid/shared/targeting/company.schema';

/**
 * Entries are echoed in reasons; a pasted paragraph is cut so a row stays a row, and a sentence stays
 * within the schema's bound on a reason (`MAX_REQUEST_TEXT`) whatever it quotes.
 */
const MAX_ECHO = 80;
const echo = (text: string): string => (text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO - 1)}…` : text);

/**
 * The sentences the Target Companies table shows for a domain that did not match (ours: the spec
 * shows only matched or not). Each says what to do about it.
 */
export const noMatchReason = {
  redirect: (domain: string, target: string): TNoMatchReason => ({
    code: 'redirect',
    message: `${echo(domain)} redirects to ${echo(target)}. Upload ${echo(target)} if that is the company you mean.`,
    suggestion: target,
  }),
  path: (entry: string, path: string): TNoMatchReason => ({
    code: 'path',
    message: `"${echo(entry)}" is the address of a page, not a company domain. Remove the path (${echo(path)}) if the rest is the company's own domain.`,
  }),
  typo: (domain: string, suggestion: string): TNoMatchReason => ({
    code: 'typo',
    message: `No company was found for ${echo(domain)}. Did you mean ${echo(suggestion)}?`,
    suggestion,
  }),
  noOwnRanges: (domain: string, companyName: string): TNoMatchReason => ({
    code: 'no-own-ranges',
    message: `${echo(companyName)} (${echo(domain)}) has no IP ranges of its own: companies on shared or cloud networks, often small ones, cannot be targeted by IP.`,
  }),
  nameOnly: (entry: string): TNoMatchReason => ({
    code: 'name-only',
    message: `"${echo(entry)}" is a company name. Enter the company's website domain instead (like example.com).`,
  }),
  notADomain: (entry: string): TNoMatchReason => ({
    code: 'not-a-domain',
    message: `"${echo(entry)}" is not a domain.`,
  }),
  /**
   * What the ranges alone tell (a match's first phase): true whichever way the explanation ends (a
   * company without ranges of its own, a likely typo, nothing found), which replaces it.
   */
  noRanges: (domain: string): TNoMatchReason => ({
    code: 'no-ranges',
    message: `No IP ranges of its own were found for ${echo(domain)}.`,
  }),
  notFound: (domain: string): TNoMatchReason => ({
    code: 'not-found',
    message: `No company with IP ranges of its own was found for ${echo(domain)}.`,
  }),
} as const;
