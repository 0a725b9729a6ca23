/**
 * The texts of the ad-group screens the spec quotes (001 §2, §8), shared by the campaign's replacement
 * dialogs and the Ad Group screen of the wizard and /ads-upload.
 */

/** 001 §2: while ad groups or their templates load. */
export const AD_GROUPS_LOADING = 'Please, wait while we get everything in order...';
/** 001 §8: upload toasts (10 s). */
export const FILES_LOADED = 'Successfully Loaded Files';
/** 001 §8: when some files of a batch were refused and the rest were taken. */
export const REST_FILES_LOADED = 'Rest Files are Successfully Loaded';
/** 001 §2: an advertiser without ad-group templates (of the chosen media type). */
export const noTemplatesText = (advertiser: string): string =>
  `There are no adgroup templates associated with "${advertiser}" advertiser`;
