import type { TDomainLookup } from './company-matcher.port';

/**
 * Vendor answers kept for a while, by normalised domain (`acme.com`), so a domain costs the
 * company-matching vendor one look-up however often it is uploaded, in one list or across uploads and
 * agencies. What a vendor says about a public website (its company, ranges, redirect) is not an
 * agency's data, so every agency shares the answers.
 */
export interface CompanyLookupCache {
  /** The answers still fresh at `now` of those domains; a domain without one is absent from the map. */
  getMany(domains: readonly string[], now: Date): Promise<Map<string, TDomainLookup>>;
  /** Keeps these answers from `now` (an unknown domain for less time than a known one). */
  putMany(lookups: readonly TDomainLookup[], now: Date): Promise<void>;
}
