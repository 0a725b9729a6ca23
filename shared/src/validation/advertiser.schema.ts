import * as z from 'zod';
import { optionalName, requiredName } from './fields';
import { VALIDATION_MESSAGES as M } from './messages';

/**
 * Advertiser domain (000 §5): optional http(s):// prefix, labels of letters, digits and hyphens, a
 * top-level part of 2+ letters, optional port and fragment, no path. Labels may not start or end
 * with a hyphen (DNS does not allow it, so such a domain could never be reached).
 */
export const ADVERTISER_DOMAIN_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:#\S*)?$/i;

/** The phone input starts on this country (000 §5). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** The Create Advertiser dialog (000 §5); field names are the form's. */
export const ZAdvertiserForm = z.object({
  name: requiredName(),
  phoneNumber: requiredName(),
  firstAddress: requiredName(),
  secondAddress: optionalName(),
  city: requiredName(),
  state: requiredName(),
  postalCode: requiredName(),
  domain: requiredName().regex(ADVERTISER_DOMAIN_PATTERN, M.advertiserDomain),
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
