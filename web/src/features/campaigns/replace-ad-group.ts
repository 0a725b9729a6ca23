import type { TAdGroup, TAdGroupCreate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TCreativeMaker } from '@/lib/creative-upload/creative-makers';

export type { TCreativeMaker };

/** The calls a replacement makes, injected so the order and the clean-up can be tested without a server. */
export interface TReplacementDeps {
  createAdGroup(body: TAdGroupCreate): Promise<TAdGroup>;
  listCreatives(adGroupId: TAdGroup['adGroupId']): Promise<TCreative[]>;
  deleteAdGroup(adGroupId: TAdGroup['adGroupId']): Promise<unknown>;
  deleteCreative(creative: Pick<TCreative, 'bgCreativeId' | 'beeswaxCreativeId'>): Promise<unknown>;
}

/** Where a replacement is, for the modal's progress text. */
export type TReplacementStep =
  { step: 'creating-ad-group' } | { step: 'creating-creative'; done: number; total: number } | { step: 'removing-old' };

/**
 * Replaces a campaign's ad group and creatives (000 §4, 001 §4): create the new ad group and its
 * creatives, delete the old ad group, delete the old creatives. The old creatives are listed first, so
 * the deletions know them even once their ad group is gone. If anything fails before the old ones are
 * touched, what was made is removed again (best effort) and the campaign keeps serving its old ad group;
 * the error is rethrown for the modal's message.
 */
export async function replaceAdGroup(
  input: {
    oldAdGroupIds: ReadonlyArray<TAdGroup['adGroupId']>;
    newAdGroup: TAdGroupCreate;
    makers: readonly TCreativeMaker[];
  },
  deps: TReplacementDeps,
  onStep: (step: TReplacementStep) => void = () => undefined,
): Promise<{ adGroup: TAdGroup; creatives: TCreative[] }> {
  const oldCreatives = (await Promise.all(input.oldAdGroupIds.map((id) => deps.listCreatives(id)))).flat();

  onStep({ step: 'creating-ad-group' });
  const adGroup = await deps.createAdGroup(input.newAdGroup);
  const creatives: TCreative[] = [];
  try {
    // One at a time: uploads are large and the bidder rate-limits creative creation.
    for (const make of input.makers) {
      onStep({ step: 'creating-creative', done: creatives.length, total: input.makers.length });
      creatives.push(await make(adGroup));
    }
  } catch (error) {
    await Promise.allSettled(creatives.map((creative) => deps.deleteCreative(creative)));
    await Promise.allSettled([deps.deleteAdGroup(adGroup.adGroupId)]);
    throw error;
  }

  onStep({ step: 'removing-old' });
  for (const id of input.oldAdGroupIds) await deps.deleteAdGroup(id);
  for (const creative of oldCreatives) {
    await deps.deleteCreative({ bgCreativeId: creative.bgCreativeId, beeswaxCreativeId: creative.beeswaxCreativeId });
  }
  return { adGroup, creatives };
}

/** The progress text of a step. */
export function stepText(step: TReplacementStep | null): string {
  if (!step) return '';
  if (step.step === 'creating-ad-group') return 'Creating the new ad group…';
  if (step.step === 'creating-creative') return `Creating creative ${step.done + 1} of ${step.total}…`;
  return 'Removing the old ad group and creatives…';
}
