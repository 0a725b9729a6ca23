import type { TCompanyRow, TEmailGroup } from '@bidgrid/shared/targeting/company.schema';

/** One chunk of a creation request that came in pieces (`createCampaign` over the realtime API). */
export interface TStagedChunk {
  index: number;
  count: number;
  bgCampaignId: string;
  companies: TCompanyRow[];
  /** The chunk's CRM e-mails, by domain (a domain's group may be cut across chunks). */
  emailGroups: TEmailGroup[];
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
 * The journal of a creation, kept on its claim: what it made at the bidder so far, so a creation
 * whose request died (a killed Lambda, a crash) can be undone by whoever finds it later. Line items
 * are not journaled one by one: they are found at the bidder under the journaled campaign.
 */
export interface TCreationJournal {
  /** The bidder advertiser the campaign is made under (known before anything is made). */
  beeswaxAdvertiserId: number;
  beeswaxCampaignId?: number;
  conversionEventId?: number;
  /** What targeting layers made for the campaign before its line items (a CRM e-mail segment...). */
  layersMade?: TLayerTrace[];
}

/**
 * What a targeting layer made for a creation, as the journal keeps it: the layer's name and the ids
 * its undo needs (`TargetingLayerUndos`), so a creation that died can be undone by whoever finds it.
 */
export interface TLayerTrace {
  layer: 'publicationLists' | 'roleTitles' | 'retargetingSegments' | 'crmEmails';
  ref: Record<string, string | number>;
}

/** A claim taken: `interrupted` is the journal of an earlier attempt whose lease ran out, or null. */
export interface TCreationClaim {
  interrupted: TCreationJournal | null;
}

/** A creation whose lease ran out: its request ended without releasing it (it died). */
export interface TStaleCreation {
  agencyId: string;
  bgCampaignId: string;
  leaseUntilMs: number;
  beeswaxAdvertiserId: number;
}

/**
 * What a campaign's creation keeps while it runs, always addressed by the caller's agency: the claim
 * that lets one request at a time make a campaign id (so a repeated or concurrent request creates
 * nothing twice) with its journal and lease, and the chunks of a long request until its last one
 * arrives.
 */
export interface CampaignCreationRepository {
  /**
   * Claims the creation of `campaignId` for `owner` until `leaseUntilMs` (epoch ms) and starts its
   * journal: taken when it was free, its lease had run out (a crashed attempt: its journal comes
   * back as `interrupted`, for the new owner to undo first), or `owner` holds it already; null while
   * another request holds it.
   */
  claim(
    agencyId: string,
    campaignId: string,
    owner: string,
    lease: { nowMs: number; leaseUntilMs: number; beeswaxAdvertiserId: number },
  ): Promise<TCreationClaim | null>;
  /**
   * Extends `owner`'s lease and records what was made (ids given are added to the journal): false
   * when `owner` no longer holds the claim (its lease ran out and someone took it), so it must stop.
   */
  journal(
    agencyId: string,
    campaignId: string,
    owner: string,
    update: {
      leaseUntilMs: number;
      beeswaxCampaignId?: number;
      conversionEventId?: number;
      layersMade?: TLayerTrace[];
    },
  ): Promise<boolean>;
  /** Creations whose lease ran out before `nowMs`, across agencies (the recovery job's work list). */
  listStale(nowMs: number): Promise<TStaleCreation[]>;
  /**
   * Deletes the line items (and their bidder-id pointers) an interrupted creation stored before its
   * campaign, which nobody can see; none while the campaign is stored. Answers how many went.
   */
  removeUnstoredLineItems(agencyId: string, campaignId: string): Promise<number>;
  /** Gives the claim up (and its journal), only if `owner` still holds it. */
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
