import type { TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import type { TPage, TPageRequest } from './page.port';

/**
 * A retargeting segment as stored (DATA-MODEL: under its advertiser, keyed by the bidder's segment
 * key): what the API shows, plus the bidder's numeric id (to upload to or delete it) and the campaign
 * that made it (a CRM e-mail segment made at a campaign's creation), which stays on the server.
 */
export interface TSegmentRecord extends TRetargetingSegment {
  readonly bgAdvertiserId: string;
  readonly bidderSegmentId: number;
  /** The campaign whose creation made it (CRM e-mails), or null for one made on its own. */
  readonly bgCampaignId: string | null;
}

/** Port: the segment store of an agency's advertisers. */
export interface SegmentRepository {
  /** Stores a new segment; false when its key is stored already (nothing is overwritten). */
  putNewSegment(agencyId: string, record: TSegmentRecord): Promise<boolean>;
  /** One segment of the advertiser by key, or null (another agency's or advertiser's key is not found). */
  getSegment(agencyId: string, advertiserId: string, segmentKey: string): Promise<TSegmentRecord | null>;
  /** One page of the advertiser's segments, in key order. */
  listSegments(agencyId: string, advertiserId: string, page: TPageRequest): Promise<TPage<TSegmentRecord>>;
  /** Removes a segment (undoing a creation); one already gone is fine. */
  deleteSegment(agencyId: string, advertiserId: string, segmentKey: string): Promise<void>;
}
