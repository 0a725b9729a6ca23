/** The public campaign picker's texts (001 §2 word for word where the spec quotes them; ours otherwise). */

/** 001 §2: the red note under 'Select Campaign' when the chosen campaign is inactive. */
export const INACTIVE_CAMPAIGN_NOTE =
  'The selected campaign is inactive, please contact your account manager to reactivate it.';

/** 001 §2: the question Submit asks before adding the company to an inactive campaign. */
export const INACTIVE_CAMPAIGN_QUESTION =
  'You are about to add this company to an inactive campaign. Are you sure you want to proceed?';

/** Ours: the page was opened without the parameters the CRM card puts in its link. */
export const pickerLinkIncomplete = (missing: readonly string[]): string =>
  `The link to this page is incomplete (missing or not valid: ${missing.join(', ')}). Open it from the BidGrid card on a company record in your CRM.`;

/** Ours: the server refused the link's ticket (expired, tampered, or for another company or portal). */
export const PICKER_LINK_REFUSED =
  'This link has expired or is not valid. Open the BidGrid card on the company record in your CRM again to get a new one.';

/** Ours: the portal has no campaign a company can be added to. */
export const NO_PICKER_CAMPAIGNS =
  'There are no campaigns this company can be added to. Please contact your account manager to make a campaign available in your CRM.';

/** Ours: the campaigns could not be loaded for another reason (the server's text is shown beside it). */
export const PICKER_CAMPAIGNS_FAILED = "We couldn't load the campaigns.";
