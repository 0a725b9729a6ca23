import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TStepName } from '@bidgrid/shared/constants';
import { geoGroupLine, regionCountsOf, targetingColumns } from '@/lib/targeting-columns';
import { includedCompanies, targetingInfo } from './creation-payload';

/** How many names a Summary line shows before it says how many more there are. */
const SHOWN = 8;

/** Names in one line: the first few, then 'and N more'; '-' when there are none. */
export function namesLine(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length === 0) return '-';
  const shown = unique.slice(0, SHOWN).join(', ');
  return unique.length > SHOWN ? `${shown} and ${unique.length - SHOWN} more` : shown;
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/**
 * Ours (beyond the spec's Summary): one line per targeting layer of the flow, in the words of the
 * dashboard's 'Campaign Targeting Selections', so the user sees what the campaign will reach before
 * 'Create Campaign?'. Only the layers the flow has a step for are listed.
 */
export function targetingSummary(draft: TCampaignDraft, steps: readonly TStepName[]): Array<[string, string]> {
  const has = new Set(steps);
  const columns = targetingColumns(targetingInfo(draft), regionCountsOf(draft.geoTargetOptions));
  const rows: Array<[string, string]> = [];
  if (has.has('target companies')) {
    const total = draft.foundCompanyInfo?.uniqueSegments.length ?? 0;
    rows.push([
      'Target Companies',
      `${includedCompanies(draft).length} of ${plural(total, 'company', 'companies')} included`,
    ]);
  }
  if (has.has('role titles')) rows.push(['Role/Title', namesLine(columns.roles)]);
  if (has.has('publication lists')) {
    const chosen = [
      ...draft.customDomainLists.filter((list) => draft.selectedDomainListsIds.includes(list.domainListId)),
      ...draft.publicDomainLists.filter((list) => draft.selectedDomainListsIds.includes(list.id)),
    ].map((list) => list.name);
    rows.push(['Publication Lists', namesLine(chosen.length > 0 ? chosen : columns.domainLists)]);
  }
  if (has.has('zip codes')) {
    rows.push(['Zip Codes', columns.zipCodes.length > 0 ? namesLine(columns.zipCodes) : '-']);
  }
  if (has.has('state provinces')) {
    rows.push([
      'State/Province',
      columns.geo.length > 0 ? columns.geo.map((group) => geoGroupLine(group, namesLine)).join('; ') : '-',
    ]);
  }
  if (has.has('visitors retargeting segments')) {
    rows.push(['Visitors Re-targeting Segments', plural(draft.selectedSegmentIds.length, 'segment', 'segments')]);
  }
  if (has.has('CRM retargeting segments')) {
    const groups = draft.foundEmailsInfo?.emailsToHash ?? [];
    const emails = groups.reduce((n, group) => n + group.emails.length, 0);
    rows.push([
      'CRM Re-targeting Segments',
      emails > 0
        ? `${plural(emails, 'e-mail address', 'e-mail addresses')} in ${plural(groups.length, 'group', 'groups')}`
        : '-',
    ]);
  }
  return rows;
}
