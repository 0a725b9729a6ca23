import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import * as z from '../zod';
import { VALIDATION_MESSAGES as M } from '../common/messages';
import { whenValueValid } from '../common/when';

/**
 * Phone numbers of advertisers (000 §3 `phone`, §5 "phone input defaults to US"), read the same way by
 * the Create Advertiser form and by the server, with libphonenumber's "min" metadata: every country's
 * number lengths and leading digits, without the per-type digit patterns of "max" (65 KB more in the
 * web chunk and the Lambda for checks no user of ours needs; a number of the right shape is accepted).
 */

/** The phone input starts on this country (000 §5), and a number typed without '+' is read as one of it. */
export const DEFAULT_PHONE_COUNTRY = 'US' satisfies CountryCode;

/**
 * The number `text` holds, or undefined. The whole text must be the number (no extraction from
 * surrounding words, so '512 555 0142 abc' is refused); an extension ('ext. 12', 'x12') is kept.
 */
function parsePhone(text: string): PhoneNumber | undefined {
  return parsePhoneNumberFromString(text.trim(), { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false });
}

/** Whether `text` is a valid phone number ('+44 20 7946 0958'; '(512) 555-0142' as a US number). */
export function isValidPhoneNumber(text: string): boolean {
  return parsePhone(text)?.isValid() === true;
}

/**
 * The stored form of a valid number: E.164 ('+15125550142'), with RFC 3966's ';ext=12' when an
 * extension was typed, so nothing the user gave is dropped and the stored text reads back as the same
 * number. Text that is not a valid number comes back trimmed (callers check validity first).
 */
export function storedPhoneNumber(text: string): string {
  const phone = parsePhone(text);
  if (!phone?.isValid()) return text.trim();
  return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number;
}

/**
 * A stored phone as people read it: '+1 512 555 0142' (international format, the extension as
 * ' ext. 12'). A phone stored before numbers were checked, that is not a valid number, is shown as it
 * was typed; null or blank gives null (the advertiser page shows 'None').
 */
export function formatPhoneNumber(stored: string | null | undefined): string | null {
  const text = stored?.trim();
  if (!text) return null;
  const phone = parsePhone(text);
  return phone?.isValid() ? phone.formatInternational() : text;
}

/**
 * The phone rule on a text schema (the form's required field, a request's bounded text): 'Must be a
 * valid phone number' unless the text is one, then the stored form (`storedPhoneNumber`).
 *
 * It brings libphonenumber's metadata (about 30 KB gzip): a schema using it belongs in a module that
 * only its users import (`advertiser-create.schema.ts`, the create form), never beside schemas that
 * every screen and handler imports, or they all carry it (`npm run bench -- bundles`, the web build).
 */
export const withPhoneNumberRule = (text: z.ZodMiniType<string, string>) =>
  z.pipe(
    text.check(z.refine(isValidPhoneNumber, { error: M.phoneNumber, when: whenValueValid })),
    z.transform(storedPhoneNumber),
  );
