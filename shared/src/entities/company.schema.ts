import * as z from 'zod';
import { ZCount, ZDomainText, ZEmail, ZKeyText, ZRequestText } from './common.schema';

/**
 * What company matching found for a domain: the company and the IP ranges that become its line
 * item's targeting (ARCHITECTURE). Present on a row means the domain matched.
 */
export const ZDomainInfo = z.object({
  domain: ZDomainText,
  /** Shown to every user of the agency: cleaned like any name (`validation/display-text.ts`). */
  companyName: ZRequestText.optional(),
  /** IP ranges in CIDR notation. */
  ipSegments: z.array(z.string().min(1).max(64)).min(1),
});
export type TDomainInfo = z.infer<typeof ZDomainInfo>;

/**
 * Company row (001 §3): a target company by domain; `domainInfo` present means matched; `include`
 * is the user's toggle. CRM-sourced rows carry the HubSpot company id and name.
 */
export const ZCompanyRow = z.object({
  domain: ZDomainText,
  domainInfo: ZDomainInfo.nullish(),
  include: z.boolean(),
  hubspotCompanyId: ZKeyText.optional(),
  companyName: ZRequestText.optional(),
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

/** The draft's `foundCompanyInfo` (001 §3): a match result and whether it came from a CSV file. */
export const ZFoundCompanyInfo = ZCompanyMatchResult.extend({ fromFile: z.boolean() });
export type TFoundCompanyInfo = z.infer<typeof ZFoundCompanyInfo>;

/** E-mails of one domain to hash for CRM retargeting; small domains share the 'general' group (001 §2). */
export const ZEmailGroup = z.object({
  domain: ZDomainText,
  emails: z.array(ZEmail).min(1),
});
export type TEmailGroup = z.infer<typeof ZEmailGroup>;

/** The draft's `foundEmailsInfo` (001 §3). */
export const ZFoundEmailsInfo = z.object({
  emailsToHash: z.array(ZEmailGroup),
  fromFile: z.boolean(),
});
export type TFoundEmailsInfo = z.infer<typeof ZFoundEmailsInfo>;
