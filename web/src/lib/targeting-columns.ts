import { GEO_COUNTRIES } from '@bidgrid/shared/constants';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';

/** Regions of one country, for the 'Geo states' column. */
export interface TGeoGroup {
  readonly country: string;
  readonly regions: readonly string[];
  /** Every region of the country is chosen (the regions known are `regionCounts`'): shown as one line. */
  readonly whole: boolean;
}

/** How many regions each country has (by `country_code_3`), from the regions the State/Province step offers. */
export type TRegionCounts = ReadonlyMap<string, number>;

/** The region counts of the geo options (`GET /geo/options`). */
export function regionCountsOf(options: readonly TGeoOption[]): TRegionCounts {
  const byCountry = new Map<string, Set<string>>();
  for (const option of options) {
    const regions = byCountry.get(option.country_code_3) ?? new Set<string>();
    regions.add(option.region_name);
    byCountry.set(option.country_code_3, regions);
  }
  return new Map([...byCountry].map(([code, regions]) => [code, regions.size]));
}

/** A group as one line: 'United States: all 51' for a country chosen whole, else its regions named by `names`. */
export const geoGroupLine = (group: TGeoGroup, names: (regions: readonly string[]) => string): string =>
  `${group.country}: ${group.whole ? `all ${group.regions.length}` : names(group.regions)}`;

const countryName = (code3: string): string => GEO_COUNTRIES.find((c) => c.code3 === code3)?.name ?? code3;

/**
 * 000 §2 "Geo states (grouped by country then region names)": one group per country in the order of
 * the known countries (then any other code), its region names sorted and without repeats. A country
 * chosen without regions still shows as a group. A country whose every region is chosen (by
 * `regionCounts`, when known) is `whole`.
 */
export function groupGeoStates(
  selections: Pick<TTargetingSelections, 'geo_state' | 'geo_country'>,
  regionCounts: TRegionCounts = new Map(),
): TGeoGroup[] {
  const byCountry = new Map<string, Set<string>>();
  for (const code of selections.geo_country) byCountry.set(code, byCountry.get(code) ?? new Set());
  for (const state of selections.geo_state) {
    const regions = byCountry.get(state.country_code_3) ?? new Set<string>();
    regions.add(state.region_name);
    byCountry.set(state.country_code_3, regions);
  }
  const order = (code: string): number => {
    const index = GEO_COUNTRIES.findIndex((c) => c.code3 === code);
    return index === -1 ? GEO_COUNTRIES.length : index;
  };
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return [...byCountry.entries()]
    .sort(([a], [b]) => order(a) - order(b) || collator.compare(a, b))
    .map(([code, regions]) => {
      const total = regionCounts.get(code) ?? 0;
      return {
        country: countryName(code),
        regions: [...regions].sort(collator.compare),
        whole: total > 0 && regions.size >= total,
      };
    });
}

/**
 * The texts of each layer of a campaign's targeting (empty lists show 'N/A'): the dashboard's targeting panel
 * and the wizard's Summary show the same words.
 */
export function targetingColumns(
  selections: TTargetingSelections,
  regionCounts: TRegionCounts = new Map(),
): {
  domainLists: string[];
  geo: TGeoGroup[];
  zipCodes: string[];
  roles: string[];
  segments: string[];
} {
  return {
    domainLists: selections.domain_list.map((list) => list.name),
    geo: groupGeoStates(selections, regionCounts),
    zipCodes: selections.geo_zip,
    roles: selections.role_title_segments.map((role) => role.role_name),
    segments: selections.retargeting_segments.map((segment) => segment.segment_name ?? segment.segment_key),
  };
}
