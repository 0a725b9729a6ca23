import { nowMs } from '@bidgrid/shared/clock';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import type { Logger } from '../support/logger';
import { createSimulatorServer, type SimReply, type SimRequest, type SimRoute } from './simulator-server';

/** A company of the shipped dataset. */
export interface MatchCompany {
  readonly name: string;
  readonly domain: string;
  readonly industry: string;
  readonly employees: number;
  readonly city: string;
  readonly region: string;
  readonly country: string;
  /** Empty for a company without ranges of its own. */
  readonly ipRanges: ReadonlyArray<{ start: string; end: string; cidr: string }>;
}

/** A domain whose site redirects to another one. */
export interface MatchRedirect {
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

interface Dataset {
  companies: MatchCompany[];
  withoutOwnRanges: Array<Omit<MatchCompany, 'ipRanges'>>;
  redirects: MatchRedirect[];
}

const DATASET = JSON.parse(readFileSync(new URL('./data/companies.json', import.meta.url), 'utf8')) as Dataset;

/** The ~50 fictitious companies with IP ranges of their own (`data/companies.json`). */
export const COMPANIES: readonly MatchCompany[] = DATASET.companies;
/** Known companies without ranges of their own (shared hosting, cloud, small). */
export const COMPANIES_WITHOUT_OWN_RANGES: readonly MatchCompany[] = DATASET.withoutOwnRanges.map((c) => ({
  ...c,
  ipRanges: [],
}));
/** Domains that redirect elsewhere. */
export const REDIRECTS: readonly MatchRedirect[] = DATASET.redirects;

const ALL_COMPANIES: readonly MatchCompany[] = [...COMPANIES, ...COMPANIES_WITHOUT_OWN_RANGES];

/** `https://www.Acme.com:443/about` -> `acme.com`; null when it is not a domain. */
export function normalizeDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/.test(host) ? host : null;
}

const ipToNumber = (ip: string): number | null => {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    n = n * 256 + Number(part);
  }
  return n;
};

/** The company owning `domain` or one of its parent domains (`mail.acme.com` -> acme.com). */
export function findByDomain(domain: string): MatchCompany | undefined {
  return ALL_COMPANIES.find((c) => domain === c.domain || domain.endsWith(`.${c.domain}`));
}

/** The company whose IP ranges contain `ip` (reverse-IP look-up). */
export function findByIp(ip: string): MatchCompany | undefined {
  const n = ipToNumber(ip);
  if (n === null) return undefined;
  return COMPANIES.find((c) =>
    c.ipRanges.some((r) => {
      const start = ipToNumber(r.start);
      const end = ipToNumber(r.end);
      return start !== null && end !== null && n >= start && n <= end;
    }),
  );
}

/** Where `domain`'s site redirects to, when it does. */
export function redirectOf(domain: string): MatchRedirect | undefined {
  return REDIRECTS.find((r) => r.from === domain);
}

/** IPinfo's error body. */
const ipinfoError = (status: number, title: string, message: string, headers?: Record<string, string>): SimReply => ({
  status,
  body: { status, error: { title, message } },
  ...(headers ? { headers } : {}),
});

/** KickFire's error body. */
const kickfireError = (status: number, message: string): SimReply => ({
  status,
  body: { status: 'error', code: status, message },
});

/** The API key from `Authorization: Bearer`, or `?token=` (IPinfo) / `?key=` (KickFire). */
function apiKey(req: SimRequest): string | null {
  const auth = req.headers['authorization'];
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim();
  return req.query.get('token') ?? req.query.get('key');
}

/**
 * Most paths one `POST /batch` takes (IPinfo's documented batch limit). A batch is one request of the
 * key's per-second budget, whatever it carries: IPinfo meters lookups against the plan's monthly quota
 * (each path one lookup, `batchPaths` here) and publishes no per-second throttling for paid plans, so
 * the per-second bucket this simulator keeps is a limit on HTTP requests (unconfirmed for the ranges
 * paths: VENDORS.md names no batch endpoint).
 */
export const MAX_BATCH_PATHS = 1000;

/** Requests a key may make: a bucket of `burst` refilled at `perSecond`. */
export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

/** Generous enough for the test suites, low enough that a runaway loop meets a 429. */
export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 200, perSecond: 200 };

function tokenBucket(limit: RateLimit, now: () => number): () => number | null {
  let tokens = limit.burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(limit.burst, tokens + ((t - at) / 1000) * limit.perSecond);
    at = t;
    if (tokens >= 1) {
      tokens -= 1;
      return null;
    }
    return Math.ceil((1 - tokens) / limit.perSecond);
  };
}

/** The path of the request counters: not a vendor path (the double underscore, like the bidder's `/__load`). */
export const COMPANY_MATCH_REQUESTS_PATH = '/__requests';

/** What `GET /__requests` answers: the vendor requests seen since the start (or the last `DELETE`). */
export interface CompanyMatchRequestCounts {
  /** IPinfo requests (`GET /ranges/{domain}`, `POST /batch`) that passed the key and the rate limit. */
  ranges: number;
  /** `GET /v3/company:(all)` requests that passed the key and the rate limit. */
  company: number;
  /** The paths the `POST /batch` requests carried (each one lookup of the monthly quota). */
  batchPaths: number;
  /** Requests refused with 429 (they spend nothing of the dataset, but cost the caller a round trip). */
  throttled: number;
}

/** One company as KickFire's `company:(all)` describes it. */
function kickfireCompany(company: MatchCompany): Record<string, unknown> {
  return {
    name: company.name,
    website: company.domain,
    employees: company.employees,
    industry: company.industry,
    city: company.city,
    regionShort: company.region,
    countryShort: company.country,
    isISP: 0,
  };
}

/**
 * The company-matching vendor, as the two real APIs it stands in for (VENDORS.md "Company matching"):
 *
 * - `GET /ranges/{domain}` (IPinfo Ranges): `{domain, redirects_to?, num_ranges, ranges}`, the CIDR
 *   ranges the domain's network holds, following redirects (a redirecting domain answers the
 *   target's ranges and names it in `redirects_to`); an unknown domain has none; 400 for what is no domain.
 * - `POST /batch` (IPinfo): a JSON array of up to 1000 API paths (`ranges/{domain}` here), answered
 *   as an object keyed by path, each value the body the path's GET answers (its error body too) or an inline `{error}`; one
 *   request of the per-second budget (see `MAX_BATCH_PATHS`).
 * - `GET /v3/company:(all)?website=` or `?ip=` (KickFire): `{status: 'success', data: [company]}`,
 *   or 404 `{status: 'error', message}` when nobody is known there.
 *
 * Both take the API key as `Authorization: Bearer` (or `?token=` / `?key=`; 401 otherwise) and
 * share a rate limit per key (429 with `Retry-After`). The dataset is read-only.
 */
export function createCompanyMatchSimulator(options: { logger: Logger; rateLimit?: RateLimit; now?: () => number }): {
  server: Server;
} {
  const takeToken = tokenBucket(options.rateLimit ?? DEFAULT_RATE_LIMIT, options.now ?? nowMs);
  const noRequests = (): CompanyMatchRequestCounts => ({ ranges: 0, company: 0, batchPaths: 0, throttled: 0 });
  const counts = noRequests();

  /** Auth and rate limit: a refusal, or null to go on. */
  const gate = (req: SimRequest, kind: 'ipinfo' | 'kickfire'): SimReply | null => {
    if (apiKey(req) !== SIMULATOR_SECRETS.COMPANY_MATCH_API_KEY) {
      return kind === 'ipinfo'
        ? ipinfoError(401, 'Unknown token', 'Please ensure you have a valid token.')
        : kickfireError(401, 'Invalid API key');
    }
    const waitSeconds = takeToken();
    if (waitSeconds !== null) {
      counts.throttled++;
      return ipinfoError(429, 'Rate limit exceeded', 'Too many requests: slow down.', {
        'retry-after': String(waitSeconds),
      });
    }
    counts[kind === 'ipinfo' ? 'ranges' : 'company']++;
    return null;
  };

  /** What `GET /ranges/{domain}` answers, and each `ranges/{domain}` path of a batch. */
  const rangesAnswer = (param: string): SimReply => {
    const domain = normalizeDomain(param);
    if (!domain) return ipinfoError(400, 'Wrong domain', 'Please provide a valid domain name.');
    const redirect = redirectOf(domain);
    const target = redirect ? (normalizeDomain(redirect.to) ?? redirect.to) : domain;
    const ranges = (findByDomain(target)?.ipRanges ?? []).map((r) => r.cidr);
    return {
      status: 200,
      body: { domain, ...(redirect ? { redirects_to: redirect.to } : {}), num_ranges: String(ranges.length), ranges },
    };
  };

  const routes: SimRoute[] = [
    // Local only: how many vendor requests the stack made, so a bench can say what a match cost.
    { method: 'GET', pattern: COMPANY_MATCH_REQUESTS_PATH, handle: () => ({ status: 200, body: { ...counts } }) },
    {
      method: 'DELETE',
      pattern: COMPANY_MATCH_REQUESTS_PATH,
      handle: () => {
        Object.assign(counts, noRequests());
        return { status: 200, body: { ...counts } };
      },
    },
    {
      method: 'GET',
      pattern: '/ranges/:domain',
      handle: (req) => gate(req, 'ipinfo') ?? rangesAnswer(req.params.domain ?? ''),
    },
    {
      method: 'POST',
      pattern: '/batch',
      handle: (req) => {
        const refused = gate(req, 'ipinfo');
        if (refused) return refused;
        let paths: unknown;
        try {
          paths = JSON.parse(req.body.toString('utf8'));
        } catch {
          paths = null;
        }
        if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) {
          return ipinfoError(400, 'Wrong request', 'Please send a JSON array of API paths.');
        }
        if (paths.length > MAX_BATCH_PATHS) {
          return ipinfoError(400, 'Too many items', `A batch takes at most ${MAX_BATCH_PATHS} paths.`);
        }
        counts.batchPaths += paths.length;
        const answers: Record<string, unknown> = {};
        for (const path of paths as string[]) {
          const ranges = /^\/?ranges\/(.+)$/.exec(path);
          // Each path answers what its GET would, or an inline error object; the batch itself is a 200.
          const reply = ranges ? rangesAnswer(decodeURIComponent(ranges[1] as string)) : null;
          answers[path] = reply
            ? reply.body
            : { error: { title: 'Wrong path', message: 'This simulator answers ranges/{domain} paths only.' } };
        }
        return { status: 200, body: answers };
      },
    },
    {
      method: 'GET',
      pattern: '/v3/company:(all)',
      handle: (req) => {
        const refused = gate(req, 'kickfire');
        if (refused) return refused;
        const website = req.query.get('website');
        const ip = req.query.get('ip');
        let company: MatchCompany | undefined;
        if (website !== null) {
          const domain = normalizeDomain(website);
          if (!domain) return kickfireError(400, 'Invalid website');
          company = findByDomain(domain);
        } else if (ip !== null) {
          if (ipToNumber(ip) === null) return kickfireError(400, 'Invalid IP address');
          company = findByIp(ip);
        } else {
          return kickfireError(400, 'Provide a website or an ip query parameter');
        }
        if (!company) return kickfireError(404, 'No company found');
        return { status: 200, body: { status: 'success', data: [kickfireCompany(company)] } };
      },
    },
  ];
  return {
    server: createSimulatorServer('company-match', routes, options.logger, {
      // Two vendors behind one simulator: KickFire's API lives under /v3/, IPinfo's everywhere else.
      errorBody: (status, message, path) =>
        path.startsWith('/v3/') ? kickfireError(status, message).body : ipinfoError(status, 'Error', message).body,
    }),
  };
}
