import { SELECT_ALL_SUFFIX } from '@bidgrid/shared/constants';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';

/** A country of the State/Province step, in the step's order (001 §2: USA, then CAN). */
export const REGION_COUNTRIES = [
  { code3: 'USA', label: 'USA' },
  { code3: 'CAN', label: 'CAN' },
] as const;
export type TRegionCountry = (typeof REGION_COUNTRIES)[number]['code3'];

/** The per-country "select all" key (`USA_ALL`); kept in the draft while chosen, never sent. */
export const selectAllKey = (country: TRegionCountry): string => `${country}${SELECT_ALL_SUFFIX}`;

/** The regions of one country, in the order the server gave them. */
export const regionsOf = (options: readonly TGeoOption[], country: TRegionCountry): TGeoOption[] =>
  options.filter((option) => option.country_code_3 === country);

/**
 * Checks or clears a country's "select all" (001 §2): every region of that country follows it, the
 * other country's choices stay as they are.
 */
export function toggleCountry(
  selected: readonly string[],
  options: readonly TGeoOption[],
  country: TRegionCountry,
  checked: boolean,
): string[] {
  const own = new Set([selectAllKey(country), ...regionsOf(options, country).map((option) => option.key)]);
  const others = selected.filter((key) => !own.has(key));
  return checked ? [...others, ...own] : others;
}

/**
 * Checks or clears one region. Unchecking any region clears its country's "select all" (001 §2);
 * checking the last one left does not set it, so the flag only ever means the user asked for all.
 */
export function toggleRegion(selected: readonly string[], option: TGeoOption, checked: boolean): string[] {
  const country = option.country_code_3 as TRegionCountry;
  if (checked) return selected.includes(option.key) ? [...selected] : [...selected, option.key];
  return selected.filter((key) => key !== option.key && key !== selectAllKey(country));
}

/** The keys a campaign saves: the chosen regions without the countries' "select all" keys. */
export const savedRegionKeys = (selected: readonly string[]): string[] =>
  selected.filter((key) => !key.endsWith(SELECT_ALL_SUFFIX));
