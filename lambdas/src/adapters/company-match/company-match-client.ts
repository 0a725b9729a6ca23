import * as z from '@bidgrid/shared/zod';
import { CIDR4_PATTERN } from '@bidgrid/shared/common/common.schema';
import { entryHost, parseDomainEntry } from '@bidgrid/shared/lists/domain-entry';
import { config } from '../../kernel/config';
import type { CompanyMatcher, TRangesLookup } from '../../domain/ports/company-matcher.port';
import { VendorError } from '../../kernel/errors';
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
  domain: z.optional(z.string()),
  redirects_to: z.nullish(z.string()),
  num_ranges: z.optional(z.union([z.number(), z.string()])),
  ranges: z._default(z.array(z.string()), []),
});

/** `GET /v3/company:(all)?website=`, KickFire's company-by-website reply: `{status, data: [{name, ...}]}`. */
const ZCompanyReply = z.object({
  status: z.optional(z.string()),
  data: z._default(z.array(z.looseObject({ name: z.string().check(z.minLength(1)) })), []),
});

/**
 * `POST /batch`, IPinfo's batch reply: an object keyed by the API paths sent, each value what the path's
 * GET answers, or an inline `{error}`.
 */
const ZBatchReply = z.record(z.string(), z.unknown());

/** Most paths one batch request carries (IPinfo's documented batch limit). */
const MAX_BATCH_PATHS = 1000;
/** How long a ranges look-up waits for others to share its batch request. */
const BATCH_WINDOW_MS = 10;

/** What the ranges API says of a domain. */
interface TRangesFound {
  redirectsTo: string | null;
  ranges: string[];
}
const NO_RANGES: TRangesFound = { redirectsTo: null, ranges: [] };

/** A ranges look-up waiting for its batch. */
interface TWaiting {
  domain: string;
  resolve: (found: TRangesFound) => void;
  reject: (error: unknown) => void;
}

/**
 * IPv4 CIDR (`CIDR4_PATTERN`, the bidder's rule): anything else in `ranges` is dropped rather than
 * targeted, IPv6 ranges too, which the bidder's IP targeting does not take (VENDORS.md "IPv4 ranges").
 */
const CIDR = CIDR4_PATTERN;

/** The same site: equal, or one a subdomain of the other (`acme.com` -> `shop.acme.com`). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
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
  /** Whether to try IPinfo's batch endpoint for ranges look-ups (default true; off: one request a domain). */
  batch?: boolean;
  /** How long a ranges look-up waits for others to share its batch request. */
  batchWindowMs?: number;
}

/**
 * The company-matching vendor as the domain sees it (`CompanyMatcher`), its two look-ups apart: the IP
 * ranges of a domain (IPinfo Ranges shape, batched), and the company behind a website (KickFire shape,
 * one request a domain) for a matched company's name, or to tell a known company without ranges of
 * its own from an unknown domain. The key travels in the Authorization
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

  const get = async (url: string, what: string, signal?: AbortSignal, post?: { body: string }): Promise<Response> => {
    const key = await options.apiKey();
    return limiter.run(() =>
      vendorFetch(
        VENDOR,
        what,
        async () => {
          // Every attempt, a retry too, spends the vendor's budget: each waits its turn.
          await pacer.take(signal);
          return fetchImpl(url, {
            ...(post ? { method: 'POST', body: post.body } : {}),
            headers: {
              Authorization: `Bearer ${key}`,
              Accept: 'application/json',
              ...(post ? { 'Content-Type': 'application/json' } : {}),
            },
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

  const readJson = async <T>(what: string, response: Response, schema: z.ZodMiniType<T>): Promise<T> => {
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

  /** A ranges reply as what the look-up needs: where the domain redirects, and its ranges (CIDR only). */
  const rangesOf = (domain: string, reply: z.infer<typeof ZRangesReply>): TRangesFound => {
    // `redirects_to` may be a host or a URL: its host, normalised like our domains.
    const target = reply.redirects_to ? entryHost(parseDomainEntry(reply.redirects_to)) : null;
    return {
      redirectsTo: target && !sameSite(target, domain) ? target : null,
      ranges: reply.ranges.map((r) => r.trim()).filter((r) => CIDR.test(r)),
    };
  };

  const singleRanges = async (domain: string, signal?: AbortSignal): Promise<TRangesFound> => {
    const what = 'IP ranges look-up';
    const response = await get(`${base}/ranges/${encodeURIComponent(domain)}`, what, signal);
    // 404: nothing known; 400: the vendor does not take it for a domain. Neither has ranges.
    if (response.status === 404 || response.status === 400) return NO_RANGES;
    if (!response.ok) return refuse(what, response);
    return rangesOf(domain, await readJson(what, response, ZRangesReply));
  };

  /**
   * The ranges look-ups of the same caller (the same signal: one match) that arrive within
   * `BATCH_WINDOW_MS` go to IPinfo's batch endpoint together, up to `MAX_BATCH_PATHS` a request,
   * instead of one request each. Unconfirmed for the ranges API (VENDORS.md names no batch): a vendor
   * without it (404/405) is asked one path at a time from then on, and a path the batch did not answer
   * is asked on its own.
   */
  let batchOffered = options.batch ?? true;
  const waiting = new Map<AbortSignal | undefined, TWaiting[]>();

  const sendBatch = async (batch: TWaiting[], signal: AbortSignal | undefined): Promise<void> => {
    const what = 'IP ranges batch look-up';
    const pathOf = (domain: string) => `ranges/${encodeURIComponent(domain)}`;
    const single = (entry: TWaiting) => singleRanges(entry.domain, signal).then(entry.resolve, entry.reject);
    if (!batchOffered) {
      await Promise.all(batch.map(single));
      return;
    }
    let answers: Record<string, unknown>;
    try {
      const response = await get(`${base}/batch`, what, signal, {
        body: JSON.stringify(batch.map((entry) => pathOf(entry.domain))),
      });
      if (response.status === 404 || response.status === 405) {
        batchOffered = false;
        await response.body?.cancel().catch(() => undefined);
        await Promise.all(batch.map(single));
        return;
      }
      if (!response.ok) refuse(what, response);
      answers = await readJson(what, response, ZBatchReply);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    await Promise.all(
      batch.map(async (entry) => {
        const answer = answers[pathOf(entry.domain)];
        if (answer === undefined) return single(entry);
        // An inline error (a path the vendor does not take for a domain, nothing known): no ranges.
        if (answer !== null && typeof answer === 'object' && 'error' in answer) return entry.resolve(NO_RANGES);
        const parsed = ZRangesReply.safeParse(answer);
        if (!parsed.success) return entry.reject(new VendorError(VENDOR, `${what} answered an unexpected shape`));
        return entry.resolve(rangesOf(entry.domain, parsed.data));
      }),
    );
  };

  const flush = (signal: AbortSignal | undefined): void => {
    const batch = waiting.get(signal) ?? [];
    waiting.delete(signal);
    for (let i = 0; i < batch.length; i += MAX_BATCH_PATHS) {
      void sendBatch(batch.slice(i, i + MAX_BATCH_PATHS), signal);
    }
  };

  const ranges = (domain: string, signal?: AbortSignal): Promise<TRangesFound> =>
    new Promise((resolve, reject) => {
      const batch = waiting.get(signal);
      if (batch) batch.push({ domain, resolve, reject });
      else {
        waiting.set(signal, [{ domain, resolve, reject }]);
        setTimeout(() => flush(signal), options.batchWindowMs ?? BATCH_WINDOW_MS);
      }
      if ((waiting.get(signal)?.length ?? 0) >= MAX_BATCH_PATHS) flush(signal);
    });

  const companyName = async (domain: string, signal?: AbortSignal): Promise<string | null> => {
    const what = 'company look-up';
    const response = await get(`${base}/v3/company:(all)?website=${encodeURIComponent(domain)}`, what, signal);
    if (response.status === 404) return null;
    if (!response.ok) return refuse(what, response);
    const reply = await readJson(what, response, ZCompanyReply);
    return reply.data[0]?.name ?? null;
  };

  return {
    async ranges(domain, signal): Promise<TRangesLookup> {
      const found = await ranges(domain, signal);
      if (found.redirectsTo) return { outcome: 'redirected', domain, redirectsTo: found.redirectsTo };
      return found.ranges.length > 0
        ? { outcome: 'ranges', domain, ranges: found.ranges }
        : { outcome: 'no-ranges', domain };
    },
    companyName,
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
