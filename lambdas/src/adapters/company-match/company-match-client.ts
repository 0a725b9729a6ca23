import * as z from 'zod';
import { parseDomainEntry } from '@bidgrid/shared/validation/domain-entry';
import { config } from '../../config';
import type { CompanyMatcher, TDomainLookup } from '../../domain/ports/company-matcher.port';
import { VendorError } from '../../lib/errors';
import { getSecret } from '../secrets';
import { DEFAULT_RETRY, RatePacer, Semaphore, vendorFetch } from '../vendor-http';
import type { RatePacerOptions, RetryPolicy } from '../vendor-http';

const VENDOR = 'company-match';

/** 190 a second with a small burst: under the simulator's 200 a second per key, with a margin for clock skew. */
const DEFAULT_PACE: RatePacerOptions = { perSecond: 190, burst: 20 };

/**
 * `GET /ranges/{domain}`, IPinfo's IP-ranges-by-domain reply: the ranges the domain's own network
 * holds, following redirects (`redirects_to` names where the domain went). `num_ranges` is a number
 * or a numeric string (unconfirmed which); `ranges` is what counts.
 */
const ZRangesReply = z.object({
  domain: z.string().optional(),
  redirects_to: z.string().nullish(),
  num_ranges: z.union([z.number(), z.string()]).optional(),
  ranges: z.array(z.string()).default([]),
});

/** `GET /v3/company:(all)?website=`, KickFire's company-by-website reply: `{status, data: [{name, ...}]}`. */
const ZCompanyReply = z.object({
  status: z.string().optional(),
  data: z.array(z.looseObject({ name: z.string().min(1) })).default([]),
});

/** IPv4 or IPv6 CIDR: anything else in `ranges` is dropped rather than targeted. */
const CIDR =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}\/(?:3[0-2]|[12]?\d)|[0-9a-f:]+:[0-9a-f:]*\/(?:12[0-8]|1[01]\d|\d?\d))$/i;

/** The same site: equal, or one a subdomain of the other (`acme.com` -> `shop.acme.com`). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** `redirects_to` may be a host or a URL: its host, normalised like our domains. */
function redirectHost(value: string): string | null {
  const parsed = parseDomainEntry(value);
  if (parsed.kind === 'domain') return parsed.domain;
  if (parsed.kind === 'path') return parsed.host;
  return null;
}

/** Options of the client: where the vendor is, its key, and how hard to push it. */
export interface CompanyMatchClientOptions {
  baseUrl: string;
  apiKey: () => Promise<string>;
  /** Requests in flight at once, from this warm Lambda. */
  maxConcurrent?: number;
  retry?: RetryPolicy;
  /**
   * The request budget this client keeps to, both vendor APIs together (one key, one limit). The
   * default stays just under the 200 requests a second that the local simulator allows a key, so a
   * long match is paced instead of meeting 429s and their back-off stalls.
   */
  pace?: Pick<RatePacerOptions, 'perSecond' | 'burst'> & Partial<RatePacerOptions>;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

/**
 * The company-matching vendor as the domain sees it (`CompanyMatcher`): domain in, company + IP
 * ranges or a reason out. Two calls of the vendor's API: the IP ranges of the domain (IPinfo Ranges
 * shape), then the company behind the website (KickFire shape) for its name, or to tell a known
 * company without ranges of its own from an unknown domain. The key travels in the Authorization
 * header, never in a URL that a log could keep. At most `maxConcurrent` requests run at once, paced to
 * the vendor's rate limit (`pace`); 429
 * and 5xx are retried with back-off; a refused key is a VendorError.
 */
export function createCompanyMatchClient(options: CompanyMatchClientOptions): CompanyMatcher {
  const base = options.baseUrl.replace(/\/+$/, '');
  const limiter = new Semaphore(options.maxConcurrent ?? 8);
  const fetchImpl = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  const retry = options.retry ?? DEFAULT_RETRY;
  const pacer = new RatePacer(options.pace ?? DEFAULT_PACE);

  const get = async (url: string, what: string, signal?: AbortSignal): Promise<Response> => {
    const key = await options.apiKey();
    return limiter.run(() =>
      vendorFetch(
        VENDOR,
        what,
        async () => {
          // Every attempt, a retry too, spends the vendor's budget: each waits its turn.
          await pacer.take(signal);
          return fetchImpl(url, {
            headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
            signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
          });
        },
        retry,
        signal,
      ),
    );
  };

  const refuse = (what: string, response: Response): never => {
    throw new VendorError(VENDOR, `${what} answered ${response.status}`);
  };

  const readJson = async <T>(what: string, response: Response, schema: z.ZodType<T>): Promise<T> => {
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new VendorError(VENDOR, `${what} answered with something that is not JSON`, error);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new VendorError(VENDOR, `${what} answered an unexpected shape`);
    return parsed.data;
  };

  const ranges = async (domain: string, signal?: AbortSignal) => {
    const what = 'IP ranges look-up';
    const response = await get(`${base}/ranges/${encodeURIComponent(domain)}`, what, signal);
    // 404: nothing known; 400: the vendor does not take it for a domain. Neither has ranges.
    if (response.status === 404 || response.status === 400) return { redirectsTo: null, ranges: [] };
    if (!response.ok) return refuse(what, response);
    const reply = await readJson(what, response, ZRangesReply);
    const target = reply.redirects_to ? redirectHost(reply.redirects_to) : null;
    return {
      redirectsTo: target && !sameSite(target, domain) ? target : null,
      ranges: reply.ranges.map((r) => r.trim()).filter((r) => CIDR.test(r)),
    };
  };

  const companyName = async (domain: string, signal?: AbortSignal): Promise<string | null> => {
    const what = 'company look-up';
    const response = await get(`${base}/v3/company:(all)?website=${encodeURIComponent(domain)}`, what, signal);
    if (response.status === 404) return null;
    if (!response.ok) return refuse(what, response);
    const reply = await readJson(what, response, ZCompanyReply);
    return reply.data[0]?.name ?? null;
  };

  return {
    async lookup(domain, signal): Promise<TDomainLookup> {
      const found = await ranges(domain, signal);
      if (found.redirectsTo) return { outcome: 'redirected', domain, redirectsTo: found.redirectsTo };
      const name = await companyName(domain, signal);
      if (found.ranges.length > 0) return { outcome: 'matched', domain, companyName: name, ranges: found.ranges };
      return name ? { outcome: 'no-own-ranges', domain, companyName: name } : { outcome: 'unknown', domain };
    },
  };
}

let shared: CompanyMatcher | undefined;

/** The company-matching client of this warm Lambda (COMPANY_MATCH_BASE_URL, COMPANY_MATCH_API_KEY). */
export function companyMatcher(): CompanyMatcher {
  shared ??= createCompanyMatchClient({
    baseUrl: config().COMPANY_MATCH_BASE_URL,
    apiKey: () => getSecret('COMPANY_MATCH_API_KEY'),
  });
  return shared;
}
