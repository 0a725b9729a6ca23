import * as z from 'zod';
import { MAX_ID_LENGTH, zId } from '../ids';
import { ZMaxCompanies } from './campaign.schema';
import {
  MAX_KEY_TEXT,
  MAX_REQUEST_DESCRIPTION,
  MAX_REQUEST_TEXT,
  MAX_URL_LENGTH,
  ZBidUsd,
  ZBidderId,
  ZBudgetUsd,
  ZEstimatedBudgetUsd,
  ZIsoDate,
  ZIsoDateTime,
  ZRequestText,
  ZUsername,
} from './common.schema';
import { ZFoundCompanyInfo, ZFoundEmailsInfo } from './company.schema';
import { ZStepName } from './playbook.schema';
import { ZRoleTitleChoice } from './role-title.schema';
import { ZTargetingDomainList } from './targeting.schema';

/** What a template keeps of its advertiser: enough to show and re-select it. */
export const ZTemplateAdvertiser = z.object({
  bgAdvertiserId: zId('advertiser'),
  beeswaxAdvertiserId: ZBidderId,
  name: z.string().min(1).max(MAX_REQUEST_TEXT),
});

/**
 * The HubSpot tiers a Target Companies fetch used (the draft's `companySortValues`, 001 §3), bounded as
 * a request field must be: the step shows the 'HubSpot Tiers' source again for companies from tiers.
 */
export const ZTemplateCompanySortValues = z.object({
  tier_values: z.array(z.object({ label: z.string().max(MAX_REQUEST_TEXT), value: z.string().max(MAX_KEY_TEXT) })),
});

/** A HubSpot list a Target Companies fetch used (the draft's `hubSpotLists`, 001 §3), bounded. */
export const ZTemplateHubspotList = z.object({
  listId: z.string().min(1).max(MAX_KEY_TEXT),
  name: z.string().min(1).max(MAX_REQUEST_TEXT),
  size: z.number().int().min(0).optional(),
});

/**
 * The fields of a campaign template that the user edits (001 §3), shared by the stored template and
 * the create/update bodies. Dates may be empty: a template outlives the days it was made on.
 * `selectedAdGroupTemplate` is the ad-group template's id; `templateSteps` the optional steps chosen.
 */
const templateFields = {
  templateName: ZRequestText,
  selectedAdvertiser: ZTemplateAdvertiser.nullable().default(null),
  templateSteps: z.array(ZStepName),
  /** The bidder's advertiser id. */
  advertiser_id: ZBidderId.nullable().default(null),
  estimatedBudget: ZEstimatedBudgetUsd.default(0),
  dailyBudget: ZBudgetUsd,
  campaign_name: z.string().max(MAX_REQUEST_TEXT).default(''),
  landingPage: z.string().max(MAX_URL_LENGTH).default(''),
  startDate: ZIsoDate.nullable().default(null),
  endDate: ZIsoDate.nullable().default(null),
  maxBid: ZBidUsd,
  bgAdvertiserId: zId('advertiser'),
  selectedAdGroupTemplate: zId('adGroupTemplate').nullable().default(null),
  description: z.string().max(MAX_REQUEST_DESCRIPTION).default(''),
  name: ZRequestText,
  roleTitles: z.array(ZRoleTitleChoice).default([]),
  foundCompanyInfo: ZFoundCompanyInfo.nullable().default(null),
  foundEmailsInfo: ZFoundEmailsInfo.nullable().default(null),
  matches: z.number().int().min(0).default(0),
  isVideoCampaign: z.boolean(),
  showInHubspot: z.boolean().default(false),
  maxCompanies: ZMaxCompanies.default(null),
  /** True for templates of the custom flow (any chosen layers), false for the ABM step list. */
  isCustomCampaign: z.boolean().default(true),
  selectedDomainListsIds: z.array(z.string().max(MAX_KEY_TEXT)).default([]),
  /**
   * Ours (the spec's template keeps the list ids only): the bidder lists the chosen lists stand for, as
   * the draft's `selectedDomainLists`, so a SPLIT list's per-domain CPM bids come back as the user set
   * them instead of at the default.
   */
  selectedDomainLists: z.array(ZTargetingDomainList).default([]),
  /** Ours, the draft's names: what the Target Companies step fetched companies with (tiers or lists). */
  companySortValues: ZTemplateCompanySortValues.default({ tier_values: [] }),
  hubSpotLists: z.array(ZTemplateHubspotList).default([]),
  selectedGeoTargetOptions: z.array(z.string().max(MAX_KEY_TEXT)).default([]),
  selectedZipCodes: z.array(z.string().max(16)).default([]),
  selectedSegmentIds: z.array(z.string().max(MAX_KEY_TEXT)).default([]),
};

/**
 * Campaign template (001 §3), owned by the user who saved it. The id has no prefix in the spec, so it
 * is a plain UUID.
 */
export const ZCampaignTemplate = z.object({
  id: z.string().min(1).max(MAX_ID_LENGTH),
  agencyId: zId('agency'),
  createdBy: ZUsername,
  ...templateFields,
  createdAt: ZIsoDateTime,
  /** When it was last saved: the version an update must name (`ZCampaignTemplateUpdateInput`). */
  updatedAt: ZIsoDateTime,
});
export type TCampaignTemplate = z.infer<typeof ZCampaignTemplate>;

/**
 * Body of `POST /campaign/templates` and `PUT /campaign/templates/{id}` (the template payload). `id`,
 * `agencyId` and `createdBy` may be sent as the spec's client does; the server uses the path id and
 * the caller.
 */
export const ZCampaignTemplateInput = z.object({
  id: z.string().max(MAX_ID_LENGTH).optional(),
  agencyId: z.string().max(MAX_ID_LENGTH).optional(),
  createdBy: ZUsername.optional(),
  ...templateFields,
});
export type TCampaignTemplateInput = z.input<typeof ZCampaignTemplateInput>;

/**
 * Body of `PUT /campaign/templates/{id}`: the template payload plus the `updatedAt` of the template the
 * client edited (ours: the spec's payload has no version). The server replaces the template only while
 * it is still that version, so a save made elsewhere in between is never silently overwritten (409).
 */
export const ZCampaignTemplateUpdateInput = ZCampaignTemplateInput.extend({ updatedAt: ZIsoDateTime });
export type TCampaignTemplateUpdateInput = z.input<typeof ZCampaignTemplateUpdateInput>;
