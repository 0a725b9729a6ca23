import { config } from '../../config';
import { VendorError } from '../../lib/errors';
import { getSecret } from '../secrets';
import type { SecretReader } from '../secrets';

/** What we send the bidder for a new advertiser (Beeswax Buzz `advertiser` fields). */
export interface BidderAdvertiserInput {
  advertiser_name: string;
  /** Our id, so a bidder row can be traced back to BidGrid. */
  alternative_id: string;
  advertiser_category: string;
  default_advertiser_domain: string;
  active: boolean;
}

/** The bidder operations the advertiser use cases need. */
export interface BidderAdvertisers {
  /** Creates the advertiser; returns the bidder's id. */
  createAdvertiser(input: BidderAdvertiserInput): Promise<number>;
  /** Deletes an advertiser (undoing a creation whose store write failed). */
  deleteAdvertiser(advertiserId: number): Promise<void>;
}

const VENDOR = 'bidder';
const TIMEOUT_MS = 10_000;
const SESSION_COOKIE = 'PHPSESSID';

/** A Buzz envelope: `{success, message?, payload, errors?}`. */
interface BuzzReply {
  success?: boolean;
  message?: string;
  payload?: unknown;
  errors?: unknown;
}

/** Options of a bidder client: where it is, how it signs in, how it fetches (tests pass a fake). */
export interface BidderClientOptions {
  baseUrl: string;
  secrets: SecretReader;
  fetch?: typeof fetch;
}

/**
 * A client of the bidder's Buzz REST API (Beeswax style): `POST /rest/authenticate` with the API
 * user's e-mail and password yields a session cookie, kept for the warm Lambda and renewed once
 * when the bidder answers 401. Every failure is a VendorError (502; details only in the log).
 */
export function createBidderClient(options: BidderClientOptions): BidderAdvertisers {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  let session: Promise<string> | undefined;

  const call = async (method: string, path: string, body?: unknown, cookie?: string): Promise<Response> => {
    try {
      return await doFetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new VendorError(
        VENDOR,
        `${method} ${path} failed: ${error instanceof Error ? error.message : 'error'}`,
        error,
      );
    }
  };

  const readReply = async (response: Response, what: string): Promise<BuzzReply> => {
    let reply: BuzzReply = {};
    try {
      reply = (await response.json()) as BuzzReply;
    } catch {
      // A non-JSON body is reported below with the status.
    }
    if (!response.ok || reply.success === false) {
      const detail = [reply.message, ...(Array.isArray(reply.errors) ? reply.errors.map(String) : [])]
        .filter(Boolean)
        .join('; ');
      throw new VendorError(VENDOR, `${what} answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    return reply;
  };

  const login = async (): Promise<string> => {
    const [email, password] = await Promise.all([options.secrets('BIDDER_EMAIL'), options.secrets('BIDDER_PASSWORD')]);
    const response = await call('POST', '/rest/authenticate', { email, password, keep_logged_in: true });
    await readReply(response, 'authenticate');
    const setCookie = response.headers.get('set-cookie') ?? '';
    const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
    if (!value) throw new VendorError(VENDOR, 'authenticate gave no session cookie');
    return value;
  };

  const sessionCookie = (): Promise<string> => {
    session ??= login();
    session.catch(() => {
      session = undefined;
    });
    return session;
  };

  /** Calls with the session; on 401 signs in again once (sessions expire on the bidder's side). */
  const authed = async (method: string, path: string, body?: unknown): Promise<BuzzReply> => {
    let response = await call(method, path, body, await sessionCookie());
    if (response.status === 401) {
      session = undefined;
      response = await call(method, path, body, await sessionCookie());
    }
    return readReply(response, `${method} ${path}`);
  };

  return {
    async createAdvertiser(input) {
      const reply = await authed('POST', '/rest/advertiser', input);
      const id = (reply.payload as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
        throw new VendorError(VENDOR, 'advertiser creation answered no id');
      }
      return id;
    },
    async deleteAdvertiser(advertiserId) {
      await authed('DELETE', `/rest/advertiser/${advertiserId}`);
    },
  };
}

let shared: BidderAdvertisers | undefined;

/** The bidder client of this warm Lambda, at BIDDER_BASE_URL. */
export function bidderClient(): BidderAdvertisers {
  shared ??= createBidderClient({ baseUrl: config().BIDDER_BASE_URL, secrets: getSecret });
  return shared;
}
