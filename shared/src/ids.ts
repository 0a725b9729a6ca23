import * as z from './zod';
import { ID_PREFIX } from './constants';
import { afterValid, whenValueValid } from './common/when';

/** The kinds of generated ids (`agency`, `campaign`, ...): the keys of `ID_PREFIX`. */
export type TIdKind = keyof typeof ID_PREFIX;
/** The prefixes themselves (`bgAgency-`, `bg-campaign-`, ...). */
export type TIdPrefix = (typeof ID_PREFIX)[TIdKind];
/** An id of one kind, e.g. `TId<'campaign'>` is `bg-campaign-${string}`. */
export type TId<K extends TIdKind> = `${(typeof ID_PREFIX)[K]}${string}`;

const ID_KINDS = Object.keys(ID_PREFIX) as TIdKind[];
const PREFIX_TO_KIND = new Map<string, TIdKind>(ID_KINDS.map((kind) => [ID_PREFIX[kind], kind]));
/** What may follow a prefix: the UUIDs we generate, and the readable ids the local seed uses. */
const ID_BODY = /^[A-Za-z0-9_-]+$/;

/**
 * The longest id, prefix included. Ids become parts of DynamoDB keys (`AGENCY#{a}#CAMP#{c}`, sort keys
 * of 1,024 bytes at most) and of bidder and S3 names, so an unbounded id could break a write; ours are a
 * prefix and a UUID (under 60 characters), the seed's readable ones shorter still.
 */
export const MAX_ID_LENGTH = 128;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Resolves a kind or a prefix to the kind; throws on anything else so a typo never mints a bare id. */
function kindOf(kindOrPrefix: TIdKind | TIdPrefix): TIdKind {
  if (Object.hasOwn(ID_PREFIX, kindOrPrefix)) return kindOrPrefix as TIdKind;
  const kind = PREFIX_TO_KIND.get(kindOrPrefix);
  if (!kind) throw new Error(`Unknown id kind or prefix: ${kindOrPrefix}`);
  return kind;
}

/**
 * Prefixes that start with another kind's prefix (`bg-ad-group-template-` starts with `bg-ad-group-`):
 * an id of the shorter kind must not carry the longer prefix, or a template id would pass as an ad
 * group id.
 */
function longerPrefixesOf(kind: TIdKind): string[] {
  const prefix = ID_PREFIX[kind];
  return ID_KINDS.map((k) => ID_PREFIX[k]).filter((p) => p !== prefix && p.startsWith(prefix));
}

/**
 * A new id of a kind: its prefix followed by a random UUID (`newId('campaign')` ->
 * `bg-campaign-1b4e28ba-2fa1-41d2-883f-0016d3cca427`). Accepts the kind or the prefix itself
 * (`newId(ID_PREFIX.campaign)`). Uses the Web Crypto UUID, present in Node 20+ and in browsers on
 * https or loopback pages.
 */
export function newId<K extends TIdKind>(kind: K): TId<K>;
export function newId(prefix: TIdPrefix): `${TIdPrefix}${string}`;
export function newId(kindOrPrefix: TIdKind | TIdPrefix): string {
  return `${ID_PREFIX[kindOf(kindOrPrefix)]}${globalThis.crypto.randomUUID()}`;
}

/** True when `value` is an id of `kind` (its prefix, then letters, digits, `-` or `_`; `MAX_ID_LENGTH` at most). */
export function isId<K extends TIdKind>(kind: K, value: unknown): value is TId<K> {
  if (typeof value !== 'string' || value.length > MAX_ID_LENGTH) return false;
  const prefix = ID_PREFIX[kind];
  if (!value.startsWith(prefix) || !ID_BODY.test(value.slice(prefix.length))) return false;
  return !longerPrefixesOf(kind).some((longer) => value.startsWith(longer));
}

/**
 * Schema of an id of one kind, for entities and request schemas (`zId('advertiser')`): at most
 * `MAX_ID_LENGTH` characters, the kind's prefix, then letters, digits, `-` or `_` (a pattern, so
 * tools such as the fuzz generator can derive ids from it), and never another kind's longer prefix.
 * The message names the expected prefix so a 400 says what was wrong.
 */
export function zId(kind: TIdKind) {
  const error = `Must be an id starting with ${ID_PREFIX[kind]}`;
  return z.string().check(
    z.maxLength(MAX_ID_LENGTH, { error: `Must be an id of at most ${MAX_ID_LENGTH} characters` }),
    afterValid(z.regex(new RegExp(`^${escapeRegExp(ID_PREFIX[kind])}[A-Za-z0-9_-]+$`), { error })),
    z.refine((value) => isId(kind, value), { error, when: whenValueValid }),
  );
}
