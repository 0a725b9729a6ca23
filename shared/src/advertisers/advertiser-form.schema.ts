import * as z from '../zod';
import { bidderName, optionalName, requiredName } from '../common/fields';
import { VALIDATION_MESSAGES as M } from '../common/messages';
import { withPhoneNumberRule } from './phone-number';
import { whenValueValid } from '../common/when';

/**
 * Advertiser domain (000 §5): optional http(s):// prefix, labels of letters, digits and hyphens, a
 * top-level part of 2+ letters, optional port and fragment, no path. Labels may not start or end
 * with a hyphen (DNS does not allow it, so such a domain could never be reached). The port's digits
 * are captured: its range is checked by `isAdvertiserDomain`.
 */
export const ADVERTISER_DOMAIN_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::(\d{1,5}))?(?:#\S*)?$/i;

/** TCP ports run from 1 to 65535; 0 is reserved and names no port a browser can open. */
const MAX_PORT = 65_535;

/**
 * The advertiser domain rule (000 §5, `ADVERTISER_DOMAIN_PATTERN`) with a port, when there is one, of
 * 1 to 65535: the domain is shown as a link, and a browser refuses a URL with any other port. Leading
 * zeros are allowed within the pattern's five digits, as URL parsers read them (':0080' is port 80).
 */
export function isAdvertiserDomain(domain: string): boolean {
  const match = ADVERTISER_DOMAIN_PATTERN.exec(domain);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= MAX_PORT);
}

/** The Create Advertiser dialog (000 §5); field names are the form's. */
export const ZAdvertiserForm = z.object({
  name: bidderName(),
  // The stored form (E.164) comes out: the form sends what the server keeps.
  phoneNumber: withPhoneNumberRule(requiredName()),
  firstAddress: requiredName(),
  secondAddress: optionalName(),
  city: requiredName(),
  state: requiredName(),
  postalCode: requiredName(),
  domain: requiredName().check(z.refine(isAdvertiserDomain, { error: M.advertiserDomain, when: whenValueValid })),
});
export type TAdvertiserFormInput = z.input<typeof ZAdvertiserForm>;
export type TAdvertiserForm = z.output<typeof ZAdvertiserForm>;

/**
 * The form's values under the field names of `POST /advertiser/create` (000 §7: name, phone,
 * address_1, address_2, city, state, zip, domain); ids, createdBy and category are the server's.
 */
export function advertiserFormToFields(form: TAdvertiserForm): {
  name: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zip: string;
  domain: string;
} {
  return {
    name: form.name,
    phone: form.phoneNumber,
    address_1: form.firstAddress,
    address_2: form.secondAddress,
    city: form.city,
    state: form.state,
    zip: form.postalCode,
    domain: form.domain,
  };
}
