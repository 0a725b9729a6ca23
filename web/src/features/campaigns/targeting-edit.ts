import {
  ACTIVITY_LAYER_LABELS,
  type TCampaignActivity,
  type TCampaignCompany,
  type TCampaignTargetingChangeResult,
  type TCampaignTargetingEdit,
} from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TCampaignTargetingChange } from '@bidgrid/shared/targeting/campaign-targeting-request.schema';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';

/** The editor's title and button text (ours, issue 12). */
export const EDIT_TARGETING_TITLE = 'Edit Targeting';
/** The activity log's heading. */
export const ACTIVITY_TITLE = 'Targeting Activity';
/** Company rows shown at once in the remove list (001 §9: multi-select lists show at most 20 rows). */
export const MAX_COMPANY_ROWS = 20;

/** The countries whose regions the editor offers, in the State/Province step's order. */
export const REGION_GROUPS = [
  { code3: 'USA', label: 'United States' },
  { code3: 'CAN', label: 'Canada' },
] as const;

/** The keys of the stored regions among the offered ones (by key, else by country and name). */
export function selectedRegionKeys(targeting: TTargetingSelections, regions: readonly TGeoOption[]): string[] {
  return regions
    .filter((region) =>
      targeting.geo_state.some((state) =>
        state.key
          ? state.key === region.key
          : state.country_code_3 === region.country_code_3 && state.region_name === region.region_name,
      ),
    )
    .map((region) => region.key);
}

/** Domains typed one a line (or comma-separated), trimmed, once each. */
export function parseDomains(text: string): string[] {
  const entries = text
    .replace(/\r/g, '')
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return [...new Set(entries)];
}

/** The companies matching the filter (name or domain), at most `MAX_COMPANY_ROWS`, and how many more match. */
export function companiesShown(
  companies: readonly TCampaignCompany[],
  filter: string,
): { rows: TCampaignCompany[]; more: number } {
  const needle = filter.trim().toLowerCase();
  const matching = needle
    ? companies.filter((c) => c.name.toLowerCase().includes(needle) || c.domain.toLowerCase().includes(needle))
    : companies;
  return { rows: matching.slice(0, MAX_COMPANY_ROWS), more: Math.max(0, matching.length - MAX_COMPANY_ROWS) };
}

/**
 * The change the editor sends: the stored layers with the chosen regions and ZIPs (countries derived by
 * the server), the companies to add and remove, on the revision it read.
 */
export function changeOf(
  edit: TCampaignTargetingEdit,
  chosen: {
    regionKeys: readonly string[];
    regions: readonly TGeoOption[];
    zips: readonly string[];
    domains: readonly string[];
    removeIds: readonly number[];
  },
): TCampaignTargetingChange {
  const geo_state = chosen.regions
    .filter((region) => chosen.regionKeys.includes(region.key))
    .map((region) => ({ country_code_3: region.country_code_3, region_name: region.region_name, key: region.key }));
  return {
    bgCampaignId: edit.bgCampaignId,
    revision: edit.revision,
    addDomains: [...chosen.domains],
    removeLineItemIds: [...chosen.removeIds],
    layers: {
      targetingInfo: {
        ...edit.targeting,
        // Countries follow the regions (001 §2); the server derives them again.
        geo_country: [...new Set(geo_state.map((state) => state.country_code_3))],
        geo_state,
        geo_zip: [...chosen.zips],
      },
      publicDomainLists: [],
    },
  };
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The editor's success line. */
export function resultText(result: TCampaignTargetingChangeResult): string {
  if (!result.changed) return 'Nothing changed.';
  const added = count(result.added.length, 'company', 'companies');
  const removed = count(result.removed.length, 'company', 'companies');
  const updated = count(result.lineItemsUpdated, 'line item', 'line items');
  return `Targeting saved: ${added} added, ${removed} removed, ${updated} updated.`;
}

/** What one activity entry changed, as lines of text. */
export function activityLines(entry: TCampaignActivity): string[] {
  const lines: string[] = [];
  const names = (rows: ReadonlyArray<{ name: string; domain: string }>) =>
    rows.map((row) => `${row.name} (${row.domain})`).join(', ');
  if (entry.addedCompanies.length > 0) {
    const from = entry.via === 'crm-card' ? ' from the HubSpot CRM card' : '';
    lines.push(`Added companies${from}: ${names(entry.addedCompanies)}`);
  }
  if (entry.removedCompanies.length > 0) lines.push(`Removed companies: ${names(entry.removedCompanies)}`);
  for (const diff of entry.layers) {
    const parts = [
      diff.added.length > 0 ? `added ${diff.added.join(', ')}` : null,
      diff.removed.length > 0 ? `removed ${diff.removed.join(', ')}` : null,
    ].filter((part): part is string => part !== null);
    lines.push(`${ACTIVITY_LAYER_LABELS[diff.layer]}: ${parts.join('; ')}`);
  }
  if (entry.emailSegmentMade) lines.push('CRM e-mails: a new hashed e-mail segment');
  if (lines.length === 0) lines.push('Line items re-targeted');
  return lines;
}
