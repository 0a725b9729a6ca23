import { DEFAULT_PHONE_COUNTRY } from '@bidgrid/shared/advertisers/phone-number';

/** A country of the phone input: ISO code, name and international dialling code. */
export interface PhoneCountry {
  readonly code: string;
  readonly name: string;
  readonly dial: string;
}

/**
 * The countries the phone input offers, US first (000 §5: "phone input defaults to US"), then the
 * markets agencies most often serve. A number outside these can still be typed with its own prefix.
 */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'US', name: 'United States', dial: '1' },
  { code: 'CA', name: 'Canada', dial: '1' },
  { code: 'GB', name: 'United Kingdom', dial: '44' },
  { code: 'IE', name: 'Ireland', dial: '353' },
  { code: 'AU', name: 'Australia', dial: '61' },
  { code: 'NZ', name: 'New Zealand', dial: '64' },
  { code: 'DE', name: 'Germany', dial: '49' },
  { code: 'FR', name: 'France', dial: '33' },
  { code: 'ES', name: 'Spain', dial: '34' },
  { code: 'IT', name: 'Italy', dial: '39' },
  { code: 'NL', name: 'Netherlands', dial: '31' },
  { code: 'SE', name: 'Sweden', dial: '46' },
  { code: 'CH', name: 'Switzerland', dial: '41' },
  { code: 'IL', name: 'Israel', dial: '972' },
  { code: 'IN', name: 'India', dial: '91' },
  { code: 'SG', name: 'Singapore', dial: '65' },
  { code: 'JP', name: 'Japan', dial: '81' },
  { code: 'MX', name: 'Mexico', dial: '52' },
  { code: 'BR', name: 'Brazil', dial: '55' },
  { code: 'ZA', name: 'South Africa', dial: '27' },
];

export const DEFAULT_COUNTRY: PhoneCountry =
  PHONE_COUNTRIES.find((country) => country.code === DEFAULT_PHONE_COUNTRY) ?? (PHONE_COUNTRIES[0] as PhoneCountry);

/**
 * The form's phone: `+{dial} {number as typed}`, or the number as typed when it starts with its own '+'
 * (a country the picker does not offer); empty when no number was typed, so the form's 'Required
 * field.' rule sees a missing phone and not a bare country code. The form's schema checks the number
 * and turns it into E.164.
 */
export function composePhone(country: PhoneCountry, national: string): string {
  // Kept as typed (a trailing space is the user about to type the next group); the form trims on submit.
  const typed = national.trimStart();
  if (!typed.trim()) return '';
  return typed.startsWith('+') ? typed : `+${country.dial} ${typed}`;
}

/**
 * What the number input shows for a form value: the part after the country's dialling code, a number
 * with its own '+' as it is, or '' when the value holds no number.
 */
export function nationalPart(value: string, country: PhoneCountry): string {
  const prefix = `+${country.dial} `;
  if (value.startsWith(prefix)) return value.slice(prefix.length);
  return value.startsWith('+') ? value : '';
}
