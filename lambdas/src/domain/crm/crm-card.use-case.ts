import type { TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import type { TAddCompanyOutcome, TCrmCampaign } from '@bidgrid/shared/crm/crm.schema';
import { MAX_USERNAME_LENGTH } from '@bidgrid/shared/common/common.schema';
import { entryHost, parseDomainEntry } from '@bidgrid/shared/lists/domain-entry';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import type { TCampaignRecord } from '../campaigns/campaign-records.schema';
import { changeCampaignTargeting, TARGETING_CHANGE_MESSAGES } from '../campaigns/change-campaign-targeting.use-case';
import type { ChangeTargetingDeps } from '../campaigns/change-campaign-targeting.use-case';
import { CREATE_CAMPAIGN_MESSAGES } from '../campaigns/create-campaign-request.use-case';
import { matchingRunKey } from '../targeting/match-companies.use-case';
import type { CampaignRepository } from '../ports/campaign.port';
import type { CrmPortalRepository, TPortalAdvertiser } from '../ports/crm-connection.port';
import { createSegment, listSegmentsByAdvertiser } from '../segments/segments.use-case';
import type { SegmentDeps } from '../segments/segments.use-case';
import { CRM_CARD_MESSAGES, requirePortalAdvertisers } from './crm-card-portal';

/** A campaign the card may show and add to: sales-enabled (`showInHubspot`) and not archived. */
const offeredOnCard = (campaign: TCampaignRecord): boolean => campaign.showInHubspot && !campaign.archived;

/**
 * `GET /public/crmcard/campaigns?portalId` (001 §7, the picker's 'Select Campaign'): the sales-enabled,
 * unarchived campaigns of every advertiser connected to the portal, by name. The caller was checked
 * before (HubSpot's signature, or a picker ticket for this portal); a portal connected to no advertiser
 * answers 404 with a message saying so.
 */
export async function listCrmCardCampaigns(
  input: { portalId: number },
  deps: { portals: CrmPortalRepository; campaigns: Pick<CampaignRepository, 'listCampaigns'> },
): Promise<{ campaigns: TCrmCampaign[] }> {
  const connected = await requirePortalAdvertisers(input.portalId, deps.portals);
  const lists = await Promise.all(connected.map((c) => deps.campaigns.listCampaigns(c.agencyId, c.advertiserId)));
  const campaigns = lists
    .flat()
    .filter(offeredOnCard)
    .map((c) => ({ bgCampaignId: c.bgCampaignId, name: c.name, active: c.active }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.bgCampaignId.localeCompare(b.bgCampaignId));
  return { campaigns };
}

/**
 * A campaign of the portal's advertisers that the card may act on, with its agency; 404 for any
 * other (another portal's, not sales-enabled, archived, or none), the same answer for each.
 */
async function requireCardCampaign(
  connected: readonly TPortalAdvertiser[],
  campaignId: string,
  campaigns: Pick<CampaignRepository, 'getCampaign'>,
): Promise<{ agencyId: string; campaign: TCampaignRecord }> {
  for (const agencyId of new Set(connected.map((c) => c.agencyId))) {
    const advertisers = new Set(connected.filter((c) => c.agencyId === agencyId).map((c) => c.advertiserId));
    const campaign = await campaigns.getCampaign(agencyId, campaignId);
    if (campaign && advertisers.has(campaign.bgAdvertiserId) && offeredOnCard(campaign)) return { agencyId, campaign };
  }
  throw new NotFoundError(CRM_CARD_MESSAGES.campaignNotFound, {
    internalMessage: `Campaign ${campaignId} is not a sales-enabled campaign of the portal's advertisers`,
  });
}

/** Who the activity log names for a CRM card addition: the HubSpot user's e-mail, else their id. */
export function crmCardUser(hubspot: { userEmail?: string | undefined; userId?: string | undefined }): string {
  const who = hubspot.userEmail?.trim() || (hubspot.userId?.trim() ? `hubspot-user-${hubspot.userId.trim()}` : '');
  return (who || 'hubspot-crm-card').slice(0, MAX_USERNAME_LENGTH);
}

/** How often a lost race (another change stored first) is tried again, reading the campaign anew. */
export const CRM_ADD_ATTEMPTS = 3;

/** Bidder work of one added company (a line item, its creatives) within the REST Lambda's 29 s. */
const CRM_ADD_BIDDER_WORK_MS = 20_000;

/** Ports of adding a company from the card: the portal's advertisers and the targeting change's. */
export interface AddCompanyFromCrmDeps extends ChangeTargetingDeps {
  portals: CrmPortalRepository;
}

/**
 * `GET /public/crmcard/add-company-to-campaign?portalId&campaignId&domain&companyName` (001 §7, the
 * picker's Submit): adds a CRM company to a sales-enabled campaign of the portal's advertisers as the
 * targeting editor would (`changeCampaignTargeting`: matched, a line item at the bidder with the
 * campaign's targeting and its creatives linked, undone on failure, an activity entry naming the
 * HubSpot user). Outcomes: 'company-added'; 'already-added' when the campaign has the company;
 * 'company-limit-reached' at `maxCompanies`; 'no-match' when matching finds no IP ranges. The store
 * takes the change only at the targeting revision it read, so two cards adding at once can neither
 * exceed `maxCompanies` nor add a company twice: the loser reads the campaign again and answers
 * from what it finds.
 */
export async function addCompanyFromCrm(
  input: {
    portalId: number;
    campaignId: string;
    domain: string;
    companyName: string;
    hubspotUser: string;
  },
  deps: AddCompanyFromCrmDeps,
): Promise<TAddCompanyOutcome> {
  const connected = await requirePortalAdvertisers(input.portalId, deps.portals);
  // The company's domain as the matcher reads it (`https://www.Acme.com/about` -> `acme.com`).
  const domain = entryHost(parseDomainEntry(input.domain));
  for (let attempt = 1; ; attempt++) {
    const { agencyId, campaign } = await requireCardCampaign(connected, input.campaignId, deps.campaigns);
    if (domain === null) return { message: 'no-match' };
    const lineItems = await deps.campaigns.listLineItems(agencyId, campaign.bgCampaignId);
    const companies = lineItems.filter((li) => li.domain !== null);
    if (companies.some((li) => li.domain?.toLowerCase() === domain)) return { message: 'already-added' };
    if (campaign.maxCompanies !== null && companies.length >= campaign.maxCompanies) {
      return { message: 'company-limit-reached' };
    }
    const state = await deps.campaigns.getTargetingState(agencyId, campaign.bgCampaignId);
    if (!state) throw new NotFoundError(TARGETING_CHANGE_MESSAGES.noTargeting);
    try {
      const result = await changeCampaignTargeting(
        {
          agencyId,
          username: input.hubspotUser,
          change: {
            bgCampaignId: campaign.bgCampaignId,
            revision: state.revision,
            addDomains: [domain],
            removeLineItemIds: [],
          },
          runKey: matchingRunKey(['crm-card', String(input.portalId), campaign.bgCampaignId, domain]),
          bidderWorkMs: CRM_ADD_BIDDER_WORK_MS,
          via: 'crm-card',
        },
        deps,
      );
      if (result.added.length > 0) return { message: 'company-added' };
      const reason = result.notAdded[0]?.reason;
      return { message: reason === TARGETING_CHANGE_MESSAGES.alreadyIn ? 'already-added' : 'no-match' };
    } catch (error) {
      // The limit checked above was reached by a change stored meanwhile.
      if (
        error instanceof BadRequestError &&
        campaign.maxCompanies !== null &&
        error.fieldErrors?.['addDomains']?.includes(CREATE_CAMPAIGN_MESSAGES.tooManyCompanies(campaign.maxCompanies))
      ) {
        return { message: 'company-limit-reached' };
      }
      // Another change was stored first (nothing of ours stayed at the bidder): read it all again.
      const lostRace =
        error instanceof ConflictError && error.userMessage === TARGETING_CHANGE_MESSAGES.changedMeanwhile;
      if (!lostRace || attempt >= CRM_ADD_ATTEMPTS) throw error;
      deps.log.info('a CRM card addition lost a race; trying again', { campaignId: campaign.bgCampaignId, attempt });
    }
  }
}

/** An advertiser connected to the portal (its agency with it); 404 for any other. */
async function requireConnectedAdvertiser(
  portalId: number,
  advertiserId: string,
  portals: CrmPortalRepository,
): Promise<TPortalAdvertiser> {
  const connected = await requirePortalAdvertisers(portalId, portals);
  const found = connected.find((c) => c.advertiserId === advertiserId);
  if (!found) {
    throw new NotFoundError(CRM_CARD_MESSAGES.advertiserNotFound, {
      internalMessage: `Advertiser ${advertiserId} is not connected to portal ${portalId}`,
    });
  }
  return found;
}

/**
 * `POST /public/crmcard/segments?portalId {name, description, advertiserId}` (001 §7): a visitor
 * segment of an advertiser connected to the signing portal, made like the app's (`createSegment`).
 */
export async function createSegmentFromCrm(
  input: { portalId: number; advertiserId: string; name: string; description: string; ourId: string },
  deps: SegmentDeps & { portals: CrmPortalRepository },
): Promise<TRetargetingSegment> {
  const { agencyId } = await requireConnectedAdvertiser(input.portalId, input.advertiserId, deps.portals);
  return createSegment({ ...input, agencyId }, deps);
}

/** Segments a page of the card's list reads at once, and the most it lists (the spec's list is not paged). */
const SEGMENT_PAGE = 100;
export const MAX_CRM_CARD_SEGMENTS = 1000;

/**
 * `GET /public/crmcard/segments?portalId&advertiserId` (001 §7): the retargeting segments of an
 * advertiser connected to the signing portal (the app's list, `listSegmentsByAdvertiser`, page after
 * page up to MAX_CRM_CARD_SEGMENTS), in the spec's nesting (`segments.payload`).
 */
export async function listSegmentsFromCrm(
  input: { portalId: number; advertiserId: string },
  deps: Parameters<typeof listSegmentsByAdvertiser>[1] & { portals: CrmPortalRepository },
): Promise<{ segments: { payload: TRetargetingSegment[] } }> {
  const { agencyId } = await requireConnectedAdvertiser(input.portalId, input.advertiserId, deps.portals);
  const payload: TRetargetingSegment[] = [];
  let cursor: string | null = null;
  do {
    const page = await listSegmentsByAdvertiser(
      { agencyId, advertiserId: input.advertiserId, page: { limit: SEGMENT_PAGE, cursor } },
      deps,
    );
    payload.push(...page.payload);
    cursor = page.nextCursor;
  } while (cursor !== null && payload.length < MAX_CRM_CARD_SEGMENTS);
  return { segments: { payload: payload.slice(0, MAX_CRM_CARD_SEGMENTS) } };
}
