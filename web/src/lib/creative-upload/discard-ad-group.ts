import type { TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';

/** The calls that remove a campaign's ad group with its creatives (`useAdGroupRemovalCalls`). */
export interface TAdGroupRemovalCalls {
  /** Every creative of an ad group (all pages). */
  listCreatives(adGroupId: TAdGroup['adGroupId']): Promise<TCreative[]>;
  deleteAdGroup(adGroupId: TAdGroup['adGroupId']): Promise<unknown>;
  deleteCreative(creative: Pick<TCreative, 'bgCreativeId' | 'beeswaxCreativeId'>): Promise<unknown>;
}

/**
 * Removes an ad group made for a campaign that no longer wants it (the Ad Group step after a failed
 * attempt or a replaced ad group, the wizard after a change of advertiser): the ad group, then its
 * creatives (listed first), so the campaign never shows them. Best effort: a failure is logged and the
 * flow goes on. Ad-group templates stay: they are the advertiser's, reusable on their own.
 */
export async function discardAdGroup(
  made: { adGroupId: TAdGroup['adGroupId'] } | null,
  calls: TAdGroupRemovalCalls,
): Promise<void> {
  if (!made) return;
  try {
    const creatives = await calls.listCreatives(made.adGroupId);
    await calls.deleteAdGroup(made.adGroupId);
    await Promise.allSettled(
      creatives.map((creative) =>
        calls.deleteCreative({ bgCreativeId: creative.bgCreativeId, beeswaxCreativeId: creative.beeswaxCreativeId }),
      ),
    );
  } catch (error) {
    console.error('The replaced ad group could not be removed', error);
  }
}
