import type { TCompanyRow } from '@bidgrid/shared/entities/company.schema';

/** One chunk of a creation request that came in pieces (`createCampaign` over the realtime API). */
export interface TStagedChunk {
  index: number;
  count: number;
  bgCampaignId: string;
  companies: TCompanyRow[];
}

/** The wizard's word that it finished creating a campaign (`POST /campaign/event`), as recorded. */
export interface TCampaignCreatedEvent {
  bgCampaignId: string;
  /** The name the client sent (the stored campaign's name may differ only if it was edited since). */
  campaignName: string;
  beeswaxAdvertiserId: number;
  username: string;
  recordedAt: string;
}

/**
 * What a campaign's creation keeps while it runs, always addressed by the caller's agency: the claim
 * that lets one request at a time make a campaign id (so a repeated or concurrent request creates
 * nothing twice), and the chunks of a long request until its last one arrives.
 */
export interface CampaignCreationRepository {
  /**
   * Claims the creation of `campaignId` for `owner` until `leaseUntilMs` (epoch ms): true when it was
   * free, its lease had run out (a crashed attempt), or `owner` holds it already; false while another
   * request holds it.
   */
  claim(agencyId: string, campaignId: string, owner: string, nowMs: number, leaseUntilMs: number): Promise<boolean>;
  /** Gives the claim up, only if `owner` still holds it. */
  release(agencyId: string, campaignId: string, owner: string): Promise<void>;
  /** Keeps a chunk of the call `callKey` (a repeat of the same chunk replaces it). */
  putChunk(agencyId: string, callKey: string, chunk: TStagedChunk): Promise<void>;
  /** The chunks kept for `callKey`, by index. */
  listChunks(agencyId: string, callKey: string): Promise<TStagedChunk[]>;
  /** Forgets the chunks of `callKey` (once the campaign is made; their TTL does it otherwise). */
  deleteChunks(agencyId: string, callKey: string, indices: readonly number[]): Promise<void>;
  /** Records the created event once per campaign: true when this call wrote it, false when it was there. */
  recordCreated(agencyId: string, event: TCampaignCreatedEvent): Promise<boolean>;
  /** The recorded event of a campaign, or null. */
  getCreated(agencyId: string, campaignId: string): Promise<TCampaignCreatedEvent | null>;
}
