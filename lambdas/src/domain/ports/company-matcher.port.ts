/**
 * What the company-matching vendor knows about one domain: the company and the IP ranges (CIDR) its
 * own network holds, or why there are none. The adapter hides which vendor answers (VENDORS.md
 * "Company matching": an IP-ranges API by domain and a company-by-website look-up).
 *
 * The two APIs are asked apart: the ranges API answers whether a domain can match (in batches, so a
 * long list matches fast); the company look-up (one paid request a domain) names a matched company
 * and tells a known company without ranges from an unknown domain, which only explains a miss. An
 * answer whose company part was not asked yet is `no-ranges`: a later explanation asks only that part.
 */
export type TDomainLookup =
  /** The domain's company holds these ranges; its name when the vendor knows it. */
  | { outcome: 'matched'; domain: string; companyName: string | null; ranges: string[] }
  /** The domain redirects to another site (its ranges would be someone else's). */
  | { outcome: 'redirected'; domain: string; redirectsTo: string }
  /** A known company without ranges of its own (shared hosting, cloud, too small). */
  | { outcome: 'no-own-ranges'; domain: string; companyName: string }
  /** Nothing known. */
  | { outcome: 'unknown'; domain: string }
  /** No ranges and no redirect; the company look-up was not asked yet (`no-own-ranges` or `unknown` once it is). */
  | { outcome: 'no-ranges'; domain: string };

/** What the ranges API alone says of a domain. */
export type TRangesLookup =
  | { outcome: 'ranges'; domain: string; ranges: string[] }
  | { outcome: 'redirected'; domain: string; redirectsTo: string }
  | { outcome: 'no-ranges'; domain: string };

/**
 * Port: the company-matching vendor, its two look-ups. Each retries what the vendor asks to retry
 * (429, 5xx) with back-off, bounds how many requests run at once and keeps to the vendor's rate; each
 * throws a VendorError when it gives up.
 */
export interface CompanyMatcher {
  /**
   * The IP ranges of one normalised domain (`acme.com`) and where it redirects. Look-ups made together
   * (the same `signal`) may share one vendor request.
   */
  ranges(domain: string, signal?: AbortSignal): Promise<TRangesLookup>;
  /** The name of the company behind a website, or null when the vendor knows none. One request a domain. */
  companyName(domain: string, signal?: AbortSignal): Promise<string | null>;
}
