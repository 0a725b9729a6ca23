import type { TCampaign } from '../entities/campaign.schema';
import type { TCampaignCreate } from '../entities/campaign-create.schema';
import type { RealtimeParts } from './event';
import { packGroups } from './parts';

/**
 * Chunks of a `createCampaign` request. A campaign of many target companies outgrows a frame (1,000
 * companies with their IP ranges are about 150 KB), so the companies go in chunks that fit, each
 * chunk carrying the rest of the payload whole. The server keeps the chunks before the last
 * (answering each with a null payload) and creates the campaign when the last one arrives, so the
 * reply to the last chunk is the campaign: merging takes it.
 */
export const campaignCreateParts: RealtimeParts<TCampaignCreate, TCampaign | null> = {
  splitRequest(request, fits) {
    const companies = request.foundCompanyInfo?.companies ?? [];
    if (fits(request) || companies.length <= 1) return [request];
    const fromFile = request.foundCompanyInfo?.fromFile ?? false;
    return packGroups(
      companies.map((company) => [company]),
      (slice): TCampaignCreate => ({ ...request, foundCompanyInfo: { companies: slice, fromFile } }),
      fits,
      { what: 'A company row' },
    );
  },

  // The last chunk's reply is the campaign; the ones before it only said "kept".
  merge: (payloads) => payloads.findLast((payload) => payload !== null) ?? null,
};
