import type { TGeoOption } from './geo-option.schema';

/** [code, name] of the 50 US states and the District of Columbia (ISO 3166-2:US). */
const US_REGIONS: ReadonlyArray<readonly [string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** [code, name] of the 10 Canadian provinces and 3 territories (ISO 3166-2:CA). */
const CA_REGIONS: ReadonlyArray<readonly [string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NT', 'Northwest Territories'],
  ['NS', 'Nova Scotia'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

const byName = (a: readonly [string, string], b: readonly [string, string]): number => a[1].localeCompare(b[1], 'en');

/**
 * The regions of the State/Province step (001 §3 "Geo option"): the United States first, then
 * Canada (the step's order, 001 §2), each by name. The key is the ISO 3166-2 code (`US-TX`), whose
 * last part the campaign creation sends to the bidder as the region. A fixed list: the regions do
 * not change between requests, so it is data, not a table. The catalog a region selection is checked
 * against (`geoOptionOf`), in the form, the API and before the bidder.
 */
export const GEO_OPTIONS: readonly TGeoOption[] = [
  ...[...US_REGIONS].sort(byName).map(([code, name]): TGeoOption => ({
    key: `US-${code}`,
    region_name: name,
    country_code_2: 'US',
    country_code_3: 'USA',
  })),
  ...[...CA_REGIONS].sort(byName).map(([code, name]): TGeoOption => ({
    key: `CA-${code}`,
    region_name: name,
    country_code_2: 'CA',
    country_code_3: 'CAN',
  })),
];

const BY_KEY = new Map(GEO_OPTIONS.map((option) => [option.key, option]));

/**
 * The geo option a region selection names: by its key, of the selection's country; without a key, the
 * region of that country by its name (a selection made before keys were saved). Undefined when the
 * selection names no region of the catalog.
 */
export function geoOptionOf(selection: {
  country_code_3: string;
  region_name: string;
  key?: string | undefined;
}): TGeoOption | undefined {
  if (selection.key !== undefined) {
    const option = BY_KEY.get(selection.key);
    return option?.country_code_3 === selection.country_code_3 ? option : undefined;
  }
  return GEO_OPTIONS.find(
    (option) => option.country_code_3 === selection.country_code_3 && option.region_name === selection.region_name,
  );
}

/** A geo option's region code, as the bidder's region key ends (`US-TX` -> `TX`). */
export const regionCodeOf = (option: TGeoOption): string => option.key.slice(option.key.indexOf('-') + 1);
