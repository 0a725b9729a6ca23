/**
 * The texts of the campaigns dashboard and the all-campaigns dialog that the spec quotes (000 §2, §4,
 * §8; 001 §4, §8), named once for the screens and their tests. Texts marked "ours" are for places the
 * spec leaves open; they follow its tone.
 */

export const DASHBOARD_TITLE = 'Campaigns Dashboard';
export const VIEW_ALL_CAMPAIGNS = 'View All Campaigns';
export const ALL_CAMPAIGNS_ARCHIVED = 'All campaigns are archived';
/** Ours: an advertiser without any campaign. */
export const NO_CAMPAIGNS = 'This advertiser has no campaigns yet.';

export const CAMPAIGNS_SELECT_LABEL = 'Campaigns';
export const EDIT_CAMPAIGN_DETAILS = 'Edit Campaign Details';
export const COPY_CONVERSION_PIXEL = 'Copy Conversion Pixel';
export const ARCHIVE_CAMPAIGN = 'Archive Campaign';

/** 000 §4: shown for 5 s after a campaign is archived. */
export const archivedMessage = (name: string): string => `Campaign "${name}" is successfully archived.`;
/** Ours: the archive confirmation. */
export const archiveQuestion = (name: string): string => `Are you sure you want to archive "${name}" campaign?`;
/** Ours: after the conversion pixel snippet was copied, or when the clipboard refused it. */
export const PIXEL_COPIED = 'Conversion pixel copied to the clipboard.';
export const PIXEL_COPY_FAILED = 'The conversion pixel could not be copied. Please allow clipboard access.';
/** Ours: a campaign whose pixel the bidder has not made yet. */
export const PIXEL_NOT_READY = 'The conversion pixel is not ready yet.';

/** 000 §8: failures of the edit form and of the landing page save. */
export const errorText = (message: string): string => `There was an error: ${message}`;
/**
 * 000 §8 "Report loading: 'There was an error: {message}' and 'There was an error 1: {message}'" while
 * "fetch failures for reports ... are only logged": the two texts are what the console gets, the first
 * for the campaign reports, the second for the line-item and creative reports.
 */
export const reportErrorText = (message: string): string => `There was an error: ${message}`;
export const detailReportErrorText = (message: string): string => `There was an error 1: ${message}`;
/** Ours: after the edit form saved. */
export const updatedMessage = (name: string): string => `Campaign "${name}" is successfully updated.`;

export const METRICS_TOOLBAR = 'Campaign Metrics';
export const SELECT_METRICS = 'Select Metrics';
export const LINE_ITEM_STATUS_QUESTION = "Are you sure you want to update this line item's status?";

export const TARGETING_TITLE = 'Campaign Targeting Selections';

export const CREATIVE_LIST_TITLE = 'Campaign Creative List';
export const UPLOAD_NEW_AD_GROUP = 'Upload New AdGroup';
export const UPLOAD_DIALOG_TITLE = 'Upload new AdGroup';
export const TEMPLATES_DIALOG_TITLE = 'Choose creatives from templates';
/** Ours: the button that opens the templates modal. */
export const CHOOSE_FROM_TEMPLATES = 'Choose Creatives From Templates';
export const AD_GROUPS_EMPTY = 'Unfortunately there is no information about Ad Groups...';
/** 000 §4, 001 §4: after a replacement. */
export const CREATIVES_REPLACED = 'Creatives successfully replaced.';
/** 000 §8, 001 §8: a failed replacement (5 s) without a message of its own. */
export const REPLACE_FAILED = 'There was an error while upload new Ad Group';
/** 001 §8: a failed replacement (5 s): 'There was an error: {message}' with the server's message, if any. */
export const replaceFailedText = (error: unknown): string =>
  error instanceof Error && error.message.trim() !== '' ? errorText(error.message) : REPLACE_FAILED;
/** Ours: after the landing page was saved. */
export const LANDING_PAGE_SAVED = 'Landing page is successfully updated.';

/** 000 §2: the all-campaigns dialog. */
export const allCampaignsTitle = (advertiser: string): string => `"${advertiser}" Advertiser Campaigns`;
export const NO_CHANGES = 'There are no changes in rows to save.';
export const CAMPAIGNS_UPDATED = 'Campaigns are successfully updated!';
export const SELECT_TO_EXPORT = 'Please, select campaigns to export';
