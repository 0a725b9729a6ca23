/** The create-segment modal's title and form name (ours). */
export const CREATE_SEGMENT = 'Create Segment';
/** 001 §8: a failed segment creation. */
export const segmentErrorText = (message: string): string => `There was an error: ${message}`;
/** Ours: after a segment was made. */
export const segmentCreatedText = (name: string): string => `Segment "${name}" created.`;
/** Ours: the tag was copied, or the clipboard refused it. */
export const TAG_COPIED = 'Tag copied to the clipboard.';
export const TAG_COPY_FAILED = 'The tag could not be copied. Please allow clipboard access.';
/** Ours: an advertiser without segments yet. */
export const NO_SEGMENTS = 'This advertiser has no segments yet. Create one to get its tag.';
/** Ours: the pages before an advertiser is chosen. */
export const CHOOSE_ADVERTISER = 'Choose an advertiser to see its segments.';
/** 001 §2 / 000 §4: the one-time CRM prompt. */
export const CRM_PROMPT_TITLE = 'New Feature Available: CRM Re-targeting';
export const CRM_PROMPT_TEXT =
  "CRM Re-targeting reaches the contacts of your HubSpot lists. To use it, reconnect each advertiser's HubSpot account from its detail page so BidGrid may read contact lists.";
/** Ours: after the CRM page saved its segment. */
export const emailSegmentSavedText = (name: string): string => `Segment "${name}" saved.`;
/** 001 §8: a CRM portal without contact lists ('{label}' is 'HubSpot Lists'). */
export const NO_CONTACT_LISTS = "No HubSpot Lists found linked to this advertiser's HubSpot Account.";
