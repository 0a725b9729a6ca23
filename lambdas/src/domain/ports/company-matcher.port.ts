/**
 * What the company-matching vendor knows about one domain: the company and the IP ranges (CIDR) its
 * own network holds, or why there are none. The adapter hides which vendor answers (VENDORS.md
 * "Company matching": an IP-ranges API by domain and a company-by-website look-up).
 */
export type TDomainLookup =
  /** The domain's company holds these ranges; its name when the vendor knows it. */
  | { outcome: 'matched'; domain: string; companyName: string | null; ranges: string[] }
  /** The domain redirects to another site (its ranges would be someone else's). */
  | { outcome: 'redirected'; domain: string; redirectsTo: string }
  /** A known company without ranges of its own (shared hosting, cloud, too small). */
  | { outcome: 'no-own-ranges'; domain: string; companyName: string }
  /** Nothing known. */
  | { outcome: 'unknown'; domain: string };

/** Port: the company-matching vendor, domain in, company + IP ranges or a reason out. */
export interface CompanyMatcher {
  /**
   * Looks one normalised domain up (`acme.com`). Retries what the vendor asks to retry (429, 5xx)
   * with back-off and bounds how many look-ups run at once; throws a VendorError when it gives up.
   */
  lookup(domain: string, signal?: AbortSignal): Promise<TDomainLookup>;
}
