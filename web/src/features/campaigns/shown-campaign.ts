export { selectableCampaigns, shownCampaign } from '@bidgrid/shared/campaigns/shown-campaign';

/** The query parameter that keeps the selected campaign (000 §2). */
export const CAMPAIGN_ID_PARAM = 'campaignId';
