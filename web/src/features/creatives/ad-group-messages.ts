/**
 * The texts of the Ad Group screen (001 §2, §5, §8), named once for the screen and its tests. Texts
 * marked "ours" are for places the spec leaves open; they follow its tone.
 */

export const SAVED_TAB = 'Select From Saved AdGroups';
export const CREATE_TAB = 'Create New AdGroup';
export const SELECT_ADVERTISER_FIRST = 'Please, select Advertiser';
export const DETAILS_STEP = 'Name and Description';
export const FILES_STEP = "Choose Files to upload for this campaign's ad group";
/** 001 §8: the ad group could not be made (a failure the API did not explain itself). */
export const AD_GROUP_FAILED = 'Failed to create AdGroup.';
/** Ours: /ads-upload saved the ad group as a template. */
export const templateSavedText = (name: string): string => `Ad group template "${name}" is saved.`;
/** Ours: a file the pipeline stopped at, and why. */
export const fileFailedText = (file: string, message: string): string => `${file}: ${message}`;
/** Ours: the wizard's Ad Group step once its ad group exists. */
export const adGroupReadyText = (name: string, creatives: number): string =>
  `Ad group "${name}" is ready with ${creatives} ${creatives === 1 ? 'creative' : 'creatives'}.`;
export const CHANGE_AD_GROUP = 'Change Ad Group';
