/**
 * Reading one entry of a company list (a CSV line, a CRM value) as a company domain. Users hand us
 * what they have: `https://www.Acme.com/`, `acme.com/careers`, `Acme Corp`, `info@acme.com`. This
 * says which of those is a domain, and normalises it (lower case, no scheme, no `www.`, no port), so
 * the server matches one spelling and the web groups the same company's lines together.
 */

/** What an entry turned out to be. */
export type TDomainEntry =
  /** A domain, normalised (`acme.com`, `info.acme.com`). */
  | { kind: 'domain'; entry: string; domain: string }
  /** A web address with a path, query or fragment: it names a page, not necessarily the company's own domain. */
  | { kind: 'path'; entry: string; host: string; path: string }
  /** Words without a domain: a company name. */
  | { kind: 'name-only'; entry: string }
  /** Anything else: an e-mail, an IP address, a bad host name. */
  | { kind: 'not-a-domain'; entry: string };

/** Longest host name DNS allows. */
const MAX_HOST_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Letters, digits and what company names carry (`Smith & Sons`, `O'Neil`, `Acme, Inc.`). */
const NAME = /^[\p{L}\p{N}&.,'’()-]+(?:\s+[\p{L}\p{N}&.,'’()-]+)*$/u;
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** The entry as a person typed it: trimmed, without the double quotes spreadsheets wrap cells in. */
export const cleanEntry = (raw: string): string =>
  raw
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** True for a host name of letters, digits and hyphens with a real top-level part (no IP addresses). */
export function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] as string;
  return TOP_LEVEL.test(top) && labels.every((label) => LABEL.test(label));
}

/** Reads one entry; see `TDomainEntry`. */
export function parseDomainEntry(raw: string): TDomainEntry {
  const entry = cleanEntry(raw);
  if (entry === '') return { kind: 'not-a-domain', entry };
  const scheme = SCHEME.exec(entry)?.[1]?.toLowerCase();
  if (!scheme && (/\s/.test(entry) || !entry.includes('.'))) {
    // No dot (`Acme`) or words (`Acme Corp.`): a name when it reads like one.
    return NAME.test(entry) && /\p{L}/u.test(entry) ? { kind: 'name-only', entry } : { kind: 'not-a-domain', entry };
  }
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return { kind: 'not-a-domain', entry };
  if (/\s/.test(entry)) return { kind: 'not-a-domain', entry };
  let url: URL;
  try {
    url = new URL(scheme ? entry : `http://${entry}`);
  } catch {
    return { kind: 'not-a-domain', entry };
  }
  if (url.username || url.password) return { kind: 'not-a-domain', entry };
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  if (!isHostName(host)) return { kind: 'not-a-domain', entry };
  const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
  if (rest !== '') return { kind: 'path', entry, host, path: rest };
  return { kind: 'domain', entry, domain: host };
}

/**
 * The key that groups entries naming the same thing: the normalised domain of a domain, the cleaned
 * entry (lower case) of anything else. Two lines `Acme.com` and `https://www.acme.com/` share a key.
 */
export function domainEntryKey(entry: TDomainEntry): string {
  return entry.kind === 'domain' ? entry.domain : entry.entry.toLowerCase();
}

/**
 * The host an entry points at, normalised like a domain (`https://www.Acme.com/about` -> `acme.com`):
 * a domain's own, a web address's host; null for a name or anything else.
 */
export function entryHost(entry: TDomainEntry): string | null {
  if (entry.kind === 'domain') return entry.domain;
  if (entry.kind === 'path') return entry.host;
  return null;
}
