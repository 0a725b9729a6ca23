import * as z from '../zod';
import { MAX_REQUEST_TEXT, ZCidr, ZCount, ZDomainText, ZEmail, ZKeyText, ZRequestText } from '../common/common.schema';

/**
 * What company matching found for a domain: the company and the IP ranges that become its line
 * item's targeting (ARCHITECTURE). Present on a row means the domain matched.
 */
export const ZDomainInfo = z.object({
  domain: ZDomainText,
  /** Shown to every user of the agency: cleaned like any name (`validation/display-text.ts`). */
  companyName: z.optional(ZRequestText),
  /**
   * IP ranges in CIDR notation. A creation targets the ranges the server's own match holds for the
   * domain, not these (`create-campaign-request.use-case.ts`); they are what the step shows.
   */
  ipSegments: z.array(ZCidr).check(z.minLength(1)),
});
export type TDomainInfo = z.infer<typeof ZDomainInfo>;

/**
 * Why a domain did not match (ours; the spec shows matched or not). What users of ABM platforms trip
 * on, each told apart so the user can fix the row: the domain redirects to another one (`suggestion`
 * is where it goes), the entry has a path, a likely typo (`suggestion` is the known domain meant), the
 * company is known but has no IP ranges of its own, a company name instead of a domain, something
 * that is no domain at all, or nothing found. `no-ranges` is what a match says at first of a domain
 * without ranges (its company not asked yet): `explainNoMatches` replaces it with one of the others.
 */
export const NO_MATCH_REASONS = [
  'redirect',
  'path',
  'typo',
  'no-own-ranges',
  'name-only',
  'not-a-domain',
  'not-found',
  'no-ranges',
] as const;
export const ZNoMatchReasonCode = z.enum(NO_MATCH_REASONS);
export type TNoMatchReasonCode = z.infer<typeof ZNoMatchReasonCode>;

export const ZNoMatchReason = z.object({
  code: ZNoMatchReasonCode,
  /** The sentence the Target Companies table shows. */
  message: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
  /** A domain to use instead (redirect target, typo correction). */
  suggestion: z.optional(ZDomainText),
});
export type TNoMatchReason = z.infer<typeof ZNoMatchReason>;

/**
 * Company row (001 §3): a target company by domain; `domainInfo` present means matched; `include`
 * is the user's toggle. CRM-sourced rows carry the HubSpot company id and name. An unmatched row of
 * company matching says why in `noMatch`.
 */
export const ZCompanyRow = z.object({
  domain: ZDomainText,
  domainInfo: z.nullish(ZDomainInfo),
  include: z.boolean(),
  hubspotCompanyId: z.optional(ZKeyText),
  companyName: z.optional(ZRequestText),
  noMatch: z.optional(ZNoMatchReason),
});
export type TCompanyRow = z.infer<typeof ZCompanyRow>;

/**
 * Result of matching a set of companies (CSV matches, CRM lists and tiers): every row as the source
 * listed it (`primarySegments`), the rows de-duplicated by domain (`uniqueSegments`, what the step
 * shows) and how many unique domains matched.
 */
export const ZCompanyMatchResult = z.object({
  primarySegments: z.array(ZCompanyRow),
  uniqueSegments: z.array(ZCompanyRow),
  matches: ZCount,
});
export type TCompanyMatchResult = z.infer<typeof ZCompanyMatchResult>;

/** Why one entry did not match, in full: null when it has IP ranges after all (matched since the match). */
export const ZNoMatchExplanation = z.object({
  /** The entry as sent. */
  domain: z.string().check(z.minLength(1), z.maxLength(2048)),
  noMatch: z.nullable(ZNoMatchReason),
});
export type TNoMatchExplanation = z.infer<typeof ZNoMatchExplanation>;

/** The reply of `explainNoMatches`: one explanation per entry sent, in order. */
export const ZNoMatchExplanations = z.object({ reasons: z.array(ZNoMatchExplanation) });
export type TNoMatchExplanations = z.infer<typeof ZNoMatchExplanations>;

/**
 * One entry of a company list to match, as the user gave it (a CSV line): trimmed, bounded. Whether it
 * is a domain is the matching's answer (a row with `noMatch`), not a reason to refuse the request.
 */
export const ZCompanyListEntry = z.string().check(z.trim(), z.minLength(1), z.maxLength(2048));

/** The draft's `foundCompanyInfo` (001 §3): a match result and whether it came from a CSV file. */
export const ZFoundCompanyInfo = z.extend(ZCompanyMatchResult, { fromFile: z.boolean() });
export type TFoundCompanyInfo = z.infer<typeof ZFoundCompanyInfo>;

/**
 * The most e-mail addresses one CRM segment is made from (ours: the spec sets none). It bounds the
 * upload a request starts (one hashed file at the bidder) and what a stored draft or template holds.
 */
export const MAX_CRM_EMAILS = 20_000;

/** E-mails of one domain to hash for CRM retargeting; small domains share the 'general' group (001 §2). */
export const ZEmailGroup = z.object({
  domain: ZDomainText,
  emails: z.array(ZEmail).check(z.minLength(1), z.maxLength(MAX_CRM_EMAILS)),
});
export type TEmailGroup = z.infer<typeof ZEmailGroup>;

/** The groups of e-mails to hash, at most `MAX_CRM_EMAILS` addresses in all. */
export const ZEmailsToHash = z.array(ZEmailGroup).check(
  z.maxLength(MAX_CRM_EMAILS),
  z.refine((groups) => groups.reduce((n, group) => n + group.emails.length, 0) <= MAX_CRM_EMAILS, {
    error: `At most ${MAX_CRM_EMAILS} e-mail addresses.`,
  }),
);

/** The draft's `foundEmailsInfo` (001 §3). */
export const ZFoundEmailsInfo = z.object({
  emailsToHash: ZEmailsToHash,
  fromFile: z.boolean(),
});
export type TFoundEmailsInfo = z.infer<typeof ZFoundEmailsInfo>;
