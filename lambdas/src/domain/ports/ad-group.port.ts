import type { TAdGroupRecord, TCreativeRecord } from '../campaigns/campaign-records.schema';
import type { TPage, TPageRequest } from './page.port';

/** What `getCreativeUploadUrl` promised for an object key: checked when the asset is used. */
export interface TPendingUpload {
  key: string;
  bgAdvertiserId: string;
  mimetype: string;
  size: number;
  /** Epoch seconds after which the record is gone. */
  expiresAt: number;
}

/** Why a creative write was refused. */
export type TCreativeWriteResult = 'ok' | 'exists' | 'no-ad-group' | 'conflict';

/** Ad groups, their creatives and pending uploads in the store, always addressed by the caller's agency. */
export interface AdGroupRepository {
  getAdGroup(agencyId: string, adGroupId: string): Promise<TAdGroupRecord | null>;
  /** One page of a campaign's ad groups, in the store's order. */
  listAdGroups(agencyId: string, campaignId: string, page: TPageRequest): Promise<TPage<TAdGroupRecord>>;
  /** Writes a new ad group; false when the id is taken, in this agency or by another (reserved across agencies). */
  putNewAdGroup(agencyId: string, adGroup: TAdGroupRecord): Promise<boolean>;
  /** Deletes the ad group; false when it was already gone. */
  deleteAdGroup(agencyId: string, adGroup: TAdGroupRecord): Promise<boolean>;
  getCreative(agencyId: string, creativeId: string): Promise<TCreativeRecord | null>;
  /** Every creative of an ad group (at most 100, 001 §5), for changes that touch them all. */
  listCreatives(agencyId: string, campaignId: string, adGroupId: string): Promise<TCreativeRecord[]>;
  /** One page of an ad group's creatives, in the store's order (the lists a reply shows). */
  listCreativesPage(
    agencyId: string,
    campaignId: string,
    adGroupId: string,
    page: TPageRequest,
  ): Promise<TPage<TCreativeRecord>>;
  /** Every creative of a campaign, whatever its ad group (the report sync maps bidder ids with it). */
  listCampaignCreatives(agencyId: string, campaignId: string): Promise<TCreativeRecord[]>;
  /** Writes a new creative, only while its ad group exists and the id is free (in every agency: 'exists'). */
  putNewCreative(agencyId: string, creative: TCreativeRecord): Promise<TCreativeWriteResult>;
  /**
   * Replaces creatives, all or none, each only if its stored version is `next.version - 1`
   * (at most 100 at once; an ad group holds at most 100 files).
   */
  replaceCreatives(agencyId: string, next: readonly TCreativeRecord[]): Promise<TCreativeWriteResult>;
  /** Deletes a creative if its version is still `creative.version`. */
  deleteCreative(agencyId: string, creative: TCreativeRecord): Promise<TCreativeWriteResult>;
  putUpload(agencyId: string, upload: TPendingUpload): Promise<void>;
  getUpload(agencyId: string, key: string): Promise<TPendingUpload | null>;
}
