import * as clock from '@bidgrid/shared/clock';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { isCampaignReadOnly } from '@bidgrid/shared/campaigns/campaign-details.schema';
import type { TNowInput } from '@bidgrid/shared/common/iso-date';

/** The two flags the all-campaigns dialog stages (000 §4). */
export interface TCampaignFlags {
  readonly active: boolean;
  readonly archived: boolean;
}

/** Staged flags by campaign id; a campaign back at its saved flags has no entry. */
export type TStagedFlags = ReadonlyMap<string, TCampaignFlags>;

/** The flags a row shows: staged ones, else the saved ones. */
export const flagsOf = (campaign: TCampaign, staged: TStagedFlags): TCampaignFlags =>
  staged.get(campaign.bgCampaignId) ?? { active: campaign.active, archived: campaign.archived };

/** Stages one flag; going back to the saved value removes the entry, so "no changes" stays exact. */
export function stageFlag(
  staged: TStagedFlags,
  campaign: TCampaign,
  flag: keyof TCampaignFlags,
  value: boolean,
): Map<string, TCampaignFlags> {
  const next = new Map(staged);
  const flags = { ...flagsOf(campaign, staged), [flag]: value };
  if (flags.active === campaign.active && flags.archived === campaign.archived) next.delete(campaign.bgCampaignId);
  else next.set(campaign.bgCampaignId, flags);
  return next;
}

/**
 * Which toggles a row allows (000 §4): Active is disabled while archived, Archived while active; and a
 * campaign 175 days past its end cannot be reactivated (000 §4, §9), so its Active stays off.
 */
export function toggleRules(
  campaign: TCampaign,
  flags: TCampaignFlags,
  now: TNowInput = clock.now(),
): { activeDisabled: boolean; archivedDisabled: boolean } {
  const cannotReactivate = !campaign.active && isCampaignReadOnly(campaign.end_date, now);
  return { activeDisabled: flags.archived || cannotReactivate, archivedDisabled: flags.active };
}

/** One call of a save, in the order the rules allow. */
export type TFlagCall =
  | { kind: 'status'; campaign: TCampaign; active: boolean }
  | { kind: 'archive'; campaign: TCampaign; archived: boolean };

/**
 * The calls that save the staged rows. Per campaign the order keeps every step legal on the server: a
 * deactivation before an archive, an unarchive before an activation (an active campaign cannot be
 * archived, an archived one cannot be activated).
 */
export function plannedCalls(campaigns: readonly TCampaign[], staged: TStagedFlags): TFlagCall[] {
  const calls: TFlagCall[] = [];
  for (const campaign of campaigns) {
    const flags = staged.get(campaign.bgCampaignId);
    if (!flags) continue;
    const status: TFlagCall | null =
      flags.active !== campaign.active ? { kind: 'status', campaign, active: flags.active } : null;
    const archive: TFlagCall | null =
      flags.archived !== campaign.archived ? { kind: 'archive', campaign, archived: flags.archived } : null;
    if (status && !flags.active) calls.push(status);
    if (archive) calls.push(archive);
    if (status && flags.active) calls.push(status);
  }
  return calls;
}
