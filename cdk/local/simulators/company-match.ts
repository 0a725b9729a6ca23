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
  readonly ipRanges: ReadonlyArray<{ start: string; end: string; cidr: string }>;
}

/** The ~50 fictitious companies the simulator knows (`data/companies.json`). */
export const COMPANIES: readonly MatchCompany[] = (
  JSON.parse(readFileSync(new URL('./data/companies.json', import.meta.url), 'utf8')) as { companies: MatchCompany[] }
).companies;

/** `https://www.Acme.com:443/about` -> `acme.com`; null when it is not a domain. */
export function normalizeDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
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
  return COMPANIES.find((c) => domain === c.domain || domain.endsWith(`.${c.domain}`));
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

const error = (status: number, message: string): SimReply => ({
  status,
  body: { status: 'error', code: status, message },
});

function authorized(req: SimRequest): boolean {
  const key = req.query.get('key') ?? req.headers['x-api-key'];
  return key === SIMULATOR_SECRETS.COMPANY_MATCH_API_KEY;
}

/**
 * Company matching (a reverse-IP vendor): `GET /v2/company?domain=` or `?ip=` answers
 * `{status: 'success', data: {name, domain, website, industry, employees, city, region, country,
 * ipRanges: [{start, end, cidr}]}}`, or 404 `{status: 'error', code, message}` when nothing matches.
 * The API key goes in `?key=` or `X-Api-Key`. The dataset is read-only.
 */
export function createCompanyMatchSimulator(options: { logger: Logger }): { server: Server } {
  const routes: SimRoute[] = [
    {
      method: 'GET',
      pattern: '/v2/company',
      handle: (req) => {
        if (!authorized(req)) return error(401, 'Invalid API key');
        const domainParam = req.query.get('domain');
        const ipParam = req.query.get('ip');
        let company: MatchCompany | undefined;
        if (domainParam !== null) {
          const domain = normalizeDomain(domainParam);
          if (!domain) return error(400, 'Invalid domain');
          company = findByDomain(domain);
        } else if (ipParam !== null) {
          if (ipToNumber(ipParam) === null) return error(400, 'Invalid IP address');
          company = findByIp(ipParam);
        } else {
          return error(400, 'Provide a domain or an ip query parameter');
        }
        if (!company) return error(404, 'No company found');
        return {
          status: 200,
          body: { status: 'success', data: { ...company, website: `https://www.${company.domain}` } },
        };
      },
    },
  ];
  return { server: createSimulatorServer('company-match', routes, options.logger) };
}
