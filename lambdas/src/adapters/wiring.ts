import { now } from '@bidgrid/shared/clock';
import { config } from '../kernel/config';
import { crmAccessToken } from '../domain/crm/crm-access-token.use-case';
import type { ChangeTargetingDeps } from '../domain/campaigns/change-campaign-targeting.use-case';
import type { CreateCampaignRequestDeps } from '../domain/campaigns/create-campaign-request.use-case';
import type { MatchCompaniesDeps } from '../domain/targeting/match-companies.use-case';
import { publicationListsLayer, publicationListsUndo } from '../domain/lists/publication-lists.layer';
import type { TargetingLayers, TargetingLayerUndos } from '../domain/campaigns/targeting-layers';
import type { DomainListDeps } from '../domain/lists/domain-lists.use-case';
import type { AdGroupRepository } from '../domain/ports/ad-group.port';
import type { AdvertiserReader, AdvertiserRepository } from '../domain/ports/advertiser.port';
import type { Bidder } from '../domain/ports/bidder.port';
import type { CampaignRepository } from '../domain/ports/campaign.port';
import type { CreativeStorage } from '../domain/ports/creative-storage.port';
import { roleTitlesLayer } from '../domain/targeting/role-titles.layer';
import type { Logger } from '../kernel/logger';
import { logger } from '../kernel/logger';
import { crmEmailsLayer, crmEmailsUndo, retargetingSegmentsLayer } from '../domain/segments/retargeting-layers';
import type { SegmentDeps } from '../domain/segments/segments.use-case';
import { bidderClient } from './bidder/bidder-client';
import { companyMatcher } from './company-match/company-match-client';
import { creativeStorage } from './creative-storage';
import { hubspotOAuth } from './crm/hubspot-oauth';
import { appMetrics } from './metrics';
import { adGroupRepository } from './repositories/ad-group.repository';
import { advertiserRepository } from './repositories/advertiser.repository';
import { campaignCreationRepository } from './repositories/campaign-creation.repository';
import { campaignRepository } from './repositories/campaign.repository';
import { crmConnectionRepository } from './repositories/crm-connection.repository';
import { roleCatalogRepository } from './repositories/role-catalog.repository';
import { domainListRepository } from './repositories/domain-list.repository';
import { segmentRepository } from './repositories/segment.repository';
import { companyLookupCacheRepository } from './repositories/company-lookup-cache.repository';
import { segmentsLogRepository } from './repositories/segments-log.repository';
import { tokenKeys } from './token-keys';

// Wiring more than one entry file repeats: the adapters a use case runs on, made in one place so the
// REST and realtime twins of a call cannot drift apart. Each is a function, called per request, so
// importing this module reads no configuration (the vendor clients are made lazily on first use).

/** The ports of creating a campaign from its payload (`POST /campaign/create` and `createCampaign`). */
export function campaignCreationDeps(log: Logger): CreateCampaignRequestDeps {
  return {
    campaigns: campaignRepository,
    advertisers: advertiserRepository,
    adGroups: adGroupRepository,
    creation: campaignCreationRepository,
    bidder: bidderClient(),
    matcher: companyMatcher(),
    lookupCache: companyLookupCacheRepository,
    layers: targetingLayers(log),
    layerUndos: targetingLayerUndos(),
    metrics: appMetrics(),
    now,
    log,
    ...creationLease(),
  };
}

/** The creation claim's lease when the local configuration shortens it (the fault tests' stack). */
export function creationLease(): { leaseMs?: number } {
  const { CREATION_LEASE_MS } = config();
  return CREATION_LEASE_MS === undefined ? {} : { leaseMs: CREATION_LEASE_MS };
}

/** The ports of matching companies to IP ranges (CSV, CRM companies, a targeting change): one run's look-ups and log. */
export function companyMatchingDeps(): MatchCompaniesDeps {
  return {
    matcher: companyMatcher(),
    lookupCache: companyLookupCacheRepository,
    segmentsLog: segmentsLogRepository,
    now,
  };
}

/** The ports of a targeting change after launch (`updateCampaignTargeting`). */
export function campaignTargetingChangeDeps(log: Logger): ChangeTargetingDeps {
  return {
    campaigns: campaignRepository,
    advertisers: advertiserRepository,
    adGroups: adGroupRepository,
    bidder: bidderClient(),
    layers: targetingLayers(log),
    layerUndos: targetingLayerUndos(),
    matching: companyMatchingDeps(),
    now,
    log,
  };
}

/**
 * The targeting layers beyond geography, each on its stores (creation and later layer changes use
 * the same).
 */
export function targetingLayers(log: Logger = logger()): TargetingLayers {
  return {
    roleTitles: roleTitlesLayer({ roleCatalog: roleCatalogRepository }),
    publicationLists: publicationListsLayer({ domainLists: domainListRepository, bidder: bidderClient() }),
    retargetingSegments: retargetingSegmentsLayer({ segments: segmentRepository }),
    crmEmails: crmEmailsLayer(segmentDeps(log)),
  };
}

/** The undo of what a layer makes, from a creation's journal (the recovery of a creation that died). */
export function targetingLayerUndos(): TargetingLayerUndos {
  return {
    publicationLists: publicationListsUndo({ bidder: bidderClient() }),
    crmEmails: crmEmailsUndo({ bidder: bidderClient(), segments: segmentRepository }),
  };
}

/** The ports of making retargeting segments (the segments calls and the CRM e-mail layer). */
export function segmentDeps(log: Logger): SegmentDeps {
  return {
    advertisers: advertiserRepository,
    bidder: bidderClient(),
    segments: segmentRepository,
    now,
    log,
  };
}

/**
 * The ports of reading from an advertiser's HubSpot portal that every such call shares: the
 * advertisers, and a live access token of the advertiser's connection (refreshed when due).
 */
export function hubspotReadDeps(): {
  advertisers: AdvertiserReader;
  accessToken(agencyId: string, advertiserId: string, refused?: string): Promise<string>;
} {
  return {
    advertisers: advertiserRepository,
    accessToken: async (agencyId, advertiserId, refused) =>
      (
        await crmAccessToken(
          { agencyId, advertiserId, ...(refused === undefined ? {} : { refused }) },
          { crm: crmConnectionRepository, oauth: hubspotOAuth(), keys: tokenKeys, now },
        )
      ).accessToken,
  };
}

/**
 * The ports of the ad-group and creative calls that reach the bidder and the creative bucket
 * (create, upload, change and delete a creative, delete an ad group, change their landing page).
 */
export function creativeCallDeps(log: Logger): {
  adGroups: AdGroupRepository;
  campaigns: CampaignRepository;
  advertisers: AdvertiserRepository;
  bidder: Bidder;
  storage: CreativeStorage;
  now: () => Date;
  log: Logger;
} {
  return {
    adGroups: adGroupRepository,
    campaigns: campaignRepository,
    advertisers: advertiserRepository,
    bidder: bidderClient(),
    storage: creativeStorage,
    now,
    log,
  };
}

/** The ports of the domain-list calls (REST create and lists, and the create and update events). */
export function domainListDeps(log: Logger): DomainListDeps {
  return {
    domainLists: domainListRepository,
    advertisers: advertiserRepository,
    bidder: bidderClient(),
    now,
    log,
  };
}
