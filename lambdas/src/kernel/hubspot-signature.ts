import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_HEADERS } from '@bidgrid/shared/api/operation';

/**
 * HubSpot's v3 request signature, which the app card's `hubspot.fetch` calls carry (HubSpot
 * "Validating requests", v3): `X-HubSpot-Signature-v3` is the base64 HMAC-SHA256, keyed with the
 * app's client secret, of `method + URI + body + X-HubSpot-Request-Timestamp`, where the URI is the
 * full URL with a fixed set of percent-encodings decoded; requests older than 5 minutes are refused.
 */

/** How old a signed request may be (and how far ahead of our clock). */
export const HUBSPOT_SIGNATURE_MAX_AGE_MS = 5 * 60_000;

/** The header names as the normalised request holds them (lower case). */
export const HUBSPOT_SIGNATURE_HEADER = SIGNATURE_HEADERS.hubspotSignature.toLowerCase();
export const HUBSPOT_TIMESTAMP_HEADER = SIGNATURE_HEADERS.hubspotTimestamp.toLowerCase();

/** The encodings HubSpot decodes in the URI before signing. */
const DECODED: ReadonlyArray<[RegExp, string]> = [
  [/%3A/gi, ':'],
  [/%2F/gi, '/'],
  [/%3F/gi, '?'],
  [/%40/gi, '@'],
  [/%21/gi, '!'],
  [/%24/gi, '$'],
  [/%27/gi, "'"],
  [/%28/gi, '('],
  [/%29/gi, ')'],
  [/%2A/gi, '*'],
  [/%2C/gi, ','],
  [/%3B/gi, ';'],
];

/** The URI as HubSpot signs it. */
export function hubspotSigningUri(uri: string): string {
  return DECODED.reduce((text, [pattern, char]) => text.replace(pattern, char), uri);
}

/** The v3 signature of a request (what HubSpot sends, and what tests sign with). */
export function hubspotSignatureV3(
  clientSecret: string,
  request: { method: string; uri: string; body: string; timestamp: string },
): string {
  return createHmac('sha256', clientSecret)
    .update(`${request.method.toUpperCase()}${hubspotSigningUri(request.uri)}${request.body}${request.timestamp}`)
    .digest('base64');
}

/** Why a request was refused (logged, never sent: the reply is a plain 401). */
export type THubspotSignatureProblem = 'missing' | 'stale' | 'mismatch';

/**
 * Checks a request's v3 signature against each URI it may have been signed for (behind API Gateway
 * the public URL may or may not carry the stage); null when it is good.
 */
export function hubspotSignatureProblem(input: {
  clientSecret: string;
  method: string;
  uris: readonly string[];
  body: string;
  signature: string | undefined;
  timestamp: string | undefined;
  now: number;
}): THubspotSignatureProblem | null {
  if (!input.signature || !input.timestamp) return 'missing';
  const sentAt = Number(input.timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(input.now - sentAt) > HUBSPOT_SIGNATURE_MAX_AGE_MS) return 'stale';
  const given = Buffer.from(input.signature, 'base64');
  for (const uri of input.uris) {
    const expected = Buffer.from(
      hubspotSignatureV3(input.clientSecret, {
        method: input.method,
        uri,
        body: input.body,
        timestamp: input.timestamp,
      }),
      'base64',
    );
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'mismatch';
}

/**
 * The URIs a request behind API Gateway may have been signed for: scheme and host from the headers
 * (`X-Forwarded-Proto`, `Host`; plain http only on loopback), the path with or without the stage,
 * and the query string rebuilt in arrival order (API Gateway hands over only the decoded values),
 * percent-encoded, and also form-encoded when that differs (a space as `+`: how `URLSearchParams`,
 * and so a card's `hubspot.fetch` URL built with it, writes a company name such as `Hooli Inc`).
 */
export function candidateRequestUris(request: {
  headers: Readonly<Record<string, string | undefined>>;
  path: string;
  stagePath: string | null;
  query: Readonly<Record<string, readonly string[]>>;
}): string[] {
  const host = request.headers['host'] ?? request.headers['Host'];
  if (!host) return [];
  const loopback = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
  const proto = request.headers['x-forwarded-proto'] ?? (loopback ? 'http' : 'https');
  const pairs = Object.entries(request.query).flatMap(([name, values]) =>
    values.map((value): [string, string] => [name, value]),
  );
  const encoded = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const queries = [...new Set([encoded, new URLSearchParams(pairs).toString()])];
  const paths = [...new Set([request.path, request.stagePath].filter((p): p is string => !!p))];
  return paths.flatMap((path) => queries.map((query) => `${proto}://${host}${path}${query ? `?${query}` : ''}`));
}
