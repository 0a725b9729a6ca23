import * as z from '../zod';
import {
  DEFAULT_TIME_FRAME,
  GEO_COUNTRIES,
  IMAGE_MIME_TYPES,
  MAX_BID_USD,
  MAX_BUDGET_USD,
  TIME_FRAMES,
  type TTimeFrame,
  VIDEO_MIME_TYPES,
} from '../constants';
import { VALIDATION_MESSAGES as M, tooLongMessage } from './messages';
import { cleanDisplayDescription, cleanDisplayName } from './display-text';
import { MAX_ISO_DATE, MIN_ISO_DATE, isSupportedIsoDate } from './iso-date';

/**
 * Building blocks shared by the entity schemas. Entities describe what the API sends and stores; the
 * form rules with the spec's messages live in `validation/`.
 */

/**
 * A calendar day, `YYYY-MM-DD` (campaign dates, report days): no time zone can shift it. The one date
 * rule (`isSupportedIsoDate`): a real date from 2000-01-01 to 2100-12-31.
 */
export const ZIsoDate = z.iso
  .date({ error: 'Must be a date YYYY-MM-DD' })
  .check(z.refine(isSupportedIsoDate, { error: `Must be a date from ${MIN_ISO_DATE} to ${MAX_ISO_DATE}` }));
/** An instant, ISO 8601 with `Z` or an offset (`createdAt`, `sentAt`, log dates). */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A US dollar amount as the API carries it: a plain number (storage keeps micros; see DATA-MODEL). */
export const ZUsd = z.number().check(z.gte(0));
/**
 * True when a dollar amount is whole cents: 19.99, not 10.005 nor 1e-9. (`multipleOf(0.01)` lets 1e-9
 * through.) Exact for amounts far beyond any budget.
 */
export const isWholeCents = (amount: number): boolean => Number(amount.toFixed(2)) === amount;

/** A daily budget a request sets: positive, at most MAX_BUDGET_USD, whole cents (finite: zod refuses Infinity). */
export const ZBudgetUsd = z
  .number()
  .check(z.positive(), z.lte(MAX_BUDGET_USD, M.dailyBudgetCeiling), z.refine(isWholeCents, { error: M.wholeCents }));
/** An estimated (lifetime) budget a request carries: 0 (not computed yet) up to MAX_BUDGET_USD, whole cents. */
export const ZEstimatedBudgetUsd = z
  .number()
  .check(z.gte(0), z.lte(MAX_BUDGET_USD, M.estimatedBudgetCeiling), z.refine(isWholeCents, { error: M.wholeCents }));
/** A max bid a request sets: positive, at most $100 (000 §5, §9), whole cents. */
export const ZBidUsd = z
  .number()
  .check(z.positive(), z.lte(MAX_BID_USD, M.maxBidCeiling), z.refine(isWholeCents, { error: M.wholeCents }));

/** A count (impressions, matched accounts, bytes). */
export const ZCount = z.number().check(z.int(), z.gte(0));
/**
 * An id the bidder assigns (advertiser, campaign, line item, creative, list): the bidder's ids are
 * positive integers.
 */
export const ZBidderId = z.number().check(z.int(), z.positive());

/**
 * A report value: a number, or null when the bidder has no data for it (the tables show 'N/A').
 * Missing keys read as null, so partial rows from the bidder still parse.
 */
export const ZMetricValue = z._default(z.nullable(z.number()), null);

/**
 * Limits of the text a request may carry (a test walks every operation: no string is unbounded).
 * Keys of DynamoDB items hold ids, user names and vendor keys, and keys have hard size limits
 * (1,024 bytes for sort keys), so whatever names or keys something is short.
 */
/** Vendor ids and keys (HubSpot list ids, segment keys, role ids, paging cursors, request ids). */
export const MAX_KEY_TEXT = 256;
/** E-mail addresses (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Domain names (RFC 1035), with a scheme and port to spare. */
export const MAX_DOMAIN_LENGTH = 300;
/** URLs (click-through, landing pages, assets). */
export const MAX_URL_LENGTH = 2_048;

/** An id or key from a vendor or another record, bounded (`MAX_KEY_TEXT`). */
export const ZKeyText = z.string().check(z.minLength(1), z.maxLength(MAX_KEY_TEXT));
/** An e-mail address, bounded. */
export const ZEmail = z.email().check(z.maxLength(MAX_EMAIL_LENGTH));
/** A domain as typed or matched, trimmed and bounded. */
export const ZDomainText = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_DOMAIN_LENGTH));

/** Cognito's longest user name; also the cap of any user name that becomes part of a key. */
export const MAX_USERNAME_LENGTH = 128;
/** A Cognito user name as stored (lower-cased at sign-up). */
export const ZUsername = z.string().check(z.minLength(1), z.maxLength(MAX_USERNAME_LENGTH));
/**
 * A user name for a new account: lower-cased (agency users are stored so), and only what Cognito takes
 * in a user name (letters, marks, symbols, digits, punctuation; no spaces or controls).
 */
export const ZNewUsername = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1),
    z.maxLength(MAX_USERNAME_LENGTH),
    z.regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'Use letters, digits and punctuation only, without spaces'),
  );

/** The longest one-line text a request may carry (names, address lines), so one field cannot fill an item. */
export const MAX_REQUEST_TEXT = 512;
/** The longest description a request may carry. */
export const MAX_REQUEST_DESCRIPTION = 4000;

/**
 * The bidder's longest name of what it stores (advertisers, campaigns, line items, targeting
 * expressions, lists, creatives and assets, segments, conversion events): its API refuses a longer
 * one. The one bound of every field that becomes such a name, in the forms, the API and the bidder's
 * wire descriptions (`lambdas/src/adapters/bidder/wire/`), so the three agree.
 */
export const MAX_BIDDER_NAME = 255;
/** The bidder's longest `alternative_id` (our id of what it stores). */
export const MAX_BIDDER_ALTERNATIVE_ID = 191;

/**
 * Non-empty one-line text from a request (names and the like that others see): cleaned of control
 * and bidi characters and trimmed (`validation/display-text.ts`), bounded.
 */
export const ZRequestText = z
  .string()
  .check(z.overwrite(cleanDisplayName), z.minLength(1), z.maxLength(MAX_REQUEST_TEXT));
/**
 * A name from a request that becomes a name at the bidder (an advertiser's, a campaign's, a list's):
 * `ZRequestText` within the bidder's `MAX_BIDDER_NAME`, with the forms' message.
 */
export const ZBidderName = z
  .string()
  .check(
    z.overwrite(cleanDisplayName),
    z.minLength(1),
    z.maxLength(MAX_BIDDER_NAME, { error: tooLongMessage(MAX_BIDDER_NAME) }),
  );
/** Optional one-line text from a request (a second address line), cleaned: missing becomes ''. */
export const ZRequestOptionalText = z._default(
  z.string().check(z.overwrite(cleanDisplayName), z.maxLength(MAX_REQUEST_TEXT)),
  '',
);
/** Optional free text from a request (descriptions), cleaned but multiline: missing becomes ''. */
export const ZRequestDescription = z._default(
  z.string().check(z.overwrite(cleanDisplayDescription), z.maxLength(MAX_REQUEST_DESCRIPTION)),
  '',
);

/** Every time frame of the dashboards, including `CUSTOM_DATE`. */
export const ZTimeFrame = z.enum(TIME_FRAMES);
/** The rolling time frames: `CUSTOM_DATE` is asked for through the `dailyreport` calls with a `date`. */
export const ZRangeTimeFrame = z.enum(
  TIME_FRAMES.filter((frame): frame is Exclude<TTimeFrame, 'CUSTOM_DATE'> => frame !== 'CUSTOM_DATE'),
);
export type TRangeTimeFrame = z.infer<typeof ZRangeTimeFrame>;
/** `DEFAULT_TIME_FRAME` (ALL_TIME) as a rolling time frame; parsing it here fails fast if that ever changes. */
export const DEFAULT_RANGE_TIME_FRAME: TRangeTimeFrame = ZRangeTimeFrame.parse(DEFAULT_TIME_FRAME);

/** Creative MIME types: the image types of display campaigns and mp4 for video (001 §5). */
export const ZCreativeMimeType = z.enum([...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES]);
export type TCreativeMimeType = z.infer<typeof ZCreativeMimeType>;

/** Country codes of the geo layer (001 §3: US or CA, USA or CAN). */
export const ZCountryCode2 = z.enum(GEO_COUNTRIES.map((c) => c.code2));
export const ZCountryCode3 = z.enum(GEO_COUNTRIES.map((c) => c.code3));

/**
 * An IPv4 range in CIDR notation (`23.24.240.0/29`): four octets of 0 to 255 and a prefix of 0 to 32,
 * what company matching gives and the bidder's IP targeting takes (its wire description reads this).
 */
export const CIDR4_PATTERN = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}\/([0-9]|[12]\d|3[0-2])$/;
/** An IPv4 range (`CIDR4_PATTERN`): at most `255.255.255.255/32`, 18 characters. */
export const ZCidr = z
  .string()
  .check(z.maxLength(18), z.regex(CIDR4_PATTERN, 'Expected an IPv4 CIDR range like 23.24.240.0/29'));

/** A click or landing URL: http(s) only, so a `javascript:` URL can never reach an ad or a link. */
export const ZWebUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(MAX_URL_LENGTH));
