import { GEO_COUNTRIES } from '@bidgrid/shared/constants';
import type { TTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';

/** Regions of one country, for the 'Geo states' column. */
export interface TGeoGroup {
  readonly country: string;
  readonly regions: readonly string[];
}

const countryName = (code3: string): string => GEO_COUNTRIES.find((c) => c.code3 === code3)?.name ?? code3;

/**
 * 000 §2 "Geo states (grouped by country then region names)": one group per country in the order of
 * the known countries (then any other code), its region names sorted and without repeats. A country
 * chosen without regions still shows as a group.
 */
export function groupGeoStates(selections: Pick<TTargetingSelections, 'geo_state' | 'geo_country'>): TGeoGroup[] {
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
    .map(([code, regions]) => ({ country: countryName(code), regions: [...regions].sort(collator.compare) }));
}

/**
 * The texts of each layer of a campaign's targeting (empty lists show 'N/A'): the dashboard's targeting panel
 * and the wizard's Summary show the same words.
 */
export function targetingColumns(selections: TTargetingSelections): {
  domainLists: string[];
  geo: TGeoGroup[];
  zipCodes: string[];
  roles: string[];
  segments: string[];
} {
  return {
    domainLists: selections.domain_list.map((list) => list.name),
    geo: groupGeoStates(selections),
    zipCodes: selections.geo_zip,
    roles: selections.role_title_segments.map((role) => role.role_name),
    segments: selections.retargeting_segments.map((segment) => segment.segment_name ?? segment.segment_key),
  };
}
