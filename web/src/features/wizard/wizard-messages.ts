/** Texts of the wizard: the spec's word for word, and ours (marked) where the spec is silent. */
export const WIZARD_MESSAGES = {
  /** 001 §4, shown 20 s, linking to /advertisers/{id}. */
  missingCard:
    'The selected advertising must have a connected payment method to configure a campaign! Go to the Advertiser Detail Page to complete configuration.',
  /** The part of `missingCard` that is the link. */
  missingCardLink: 'Go to the Advertiser Detail Page',
  /** Ours: the question before a change of advertiser clears what belonged to the previous one. */
  switchConfirm: 'Change Advertiser',
  createNew: 'Create New',
  /** Ours: Select Advertiser without any advertiser. */
  noAdvertisers: 'There are no advertisers yet. Create one to start a campaign.',
  /** Ours (001 §4 "Managed route without a CRM connection"): the confirmation's title and text. */
  noCrmTitle: 'Continue without a CRM connection?',
  noCrmText:
    'This advertiser is not connected to HubSpot, so this campaign will not use CRM lists. It needs a CSV company list: you will upload a .csv file with one company domain per line in the Target Companies step.',
  noCrmConfirm: 'Use a CSV company list',
  /** 001 §2 Landing Page: without a CRM connection. Ours in words. */
  useCustomUrl: 'This advertiser is not connected to HubSpot. Please, use a custom URL.',
  addUtm: 'Add UTM Parameters',
  createCampaignQuestion: 'Create Campaign?',
  templateQuestion: 'Update/Create Campaign Template?',
  campaignCreated: 'Campaign was created successfully!',
  templateCreated: 'Campaign Template Created Successfully!',
  templateUpdated: 'Campaign Template Updated Successfully!',
  /** 001 §2 Custom campaign page. */
  customHeading: 'Select all relevant types of targeting you want to include in this campaign.',
  /** Ours in words: the spec's note that extra layers reduce audience and impressions. */
  layersNote: 'Each targeting layer you add narrows the audience and reduces the expected impressions.',
  /** Ours: the hint beside a layer whose step has no screen (its feature slot is empty, see useStepScreens). */
  layerUnavailable: 'available with targeting layers',
  templateHeading: 'Design a Scalable Campaign Template.',
  fromTemplateHeading: 'Select template to create campaign.',
  emptyTemplates: "It's empty here",
  /** 001 §2 Manage campaign templates page: its heading is its sidebar entry. */
  manageHeading: 'Edit Campaign Templates',
  editTemplateTitle: 'Edit Template',
  deleteTemplateQuestion: 'Are you sure you want to delete this template?',
  /** Ours: the edit wizard's heading. */
  editWizardTitle: 'Edit Campaign Template',
  /** Ours: a template card without optional steps. */
  noOptionalSteps: 'No optional steps',
} as const;

/** Ours: the title of the question before a change of advertiser clears the previous one's choices. */
export const switchAdvertiserTitle = (advertiser: string): string => `Change the advertiser to ${advertiser}?`;
/** Ours: its sentence before the list of what goes. */
export const switchAdvertiserText = (previous: string | null): string =>
  previous
    ? `These choices belong to ${previous} and will be cleared:`
    : 'These choices belong to another advertiser and will be cleared:';

/** Ours (001 §8 gives no wording): the toast after a template was deleted. */
export const templateDeletedMessage = (templateName: string): string => `Template "${templateName}" was deleted.`;
