/** What billing needs of a campaign. */
export interface TBilledCampaign {
  bgCampaignId: string;
  name: string;
  createdBy: string | null;
}

/** Read side of billing: an advertiser's campaigns and their delivered spend. */
export interface CampaignSpendRepository {
  listCampaigns(agencyId: string, advertiserId: string): Promise<TBilledCampaign[]>;
  /** Spend in micros of the campaign's daily rows from `fromDay` (null: the first row) through `toDay`, inclusive. */
  spendMicros(agencyId: string, campaignId: string, fromDay: string | null, toDay: string): Promise<number>;
}
