import * as z from '../zod';
import { MAX_ZIP_CODE_LENGTH } from '../targeting/zip-codes';
import { MAX_ID_LENGTH, zId } from '../ids';
import { ZMaxCompanies } from '../campaigns/campaign.schema';
import {
  MAX_BIDDER_NAME,
  MAX_KEY_TEXT,
  MAX_REQUEST_DESCRIPTION,
  MAX_REQUEST_TEXT,
  MAX_URL_LENGTH,
  ZBidUsd,
  ZBidderId,
  ZBidderName,
  ZBudgetUsd,
  ZEstimatedBudgetUsd,
  ZIsoDate,
  ZIsoDateTime,
  ZRequestText,
  ZUsername,
} from '../common/common.schema';
import { ZFoundCompanyInfo, ZFoundEmailsInfo } from '../targeting/company.schema';
import { ZStepName } from '../agency/playbook.schema';
import { ZRoleTitleChoice } from '../targeting/role-title.schema';
import { ZTargetingDomainList } from '../targeting/targeting.schema';
import { tooLongMessage } from '../common/messages';

/** What a template keeps of its advertiser: enough to show and re-select it. */
export const ZTemplateAdvertiser = z.object({
  bgAdvertiserId: zId('advertiser'),
  beeswaxAdvertiserId: ZBidderId,
  name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
});

/**
 * The HubSpot tiers a Target Companies fetch used (the draft's `companySortValues`, 001 §3), bounded as
 * a request field must be: the step shows the 'HubSpot Tiers' source again for companies from tiers.
 */
export const ZTemplateCompanySortValues = z.object({
  tier_values: z.array(
    z.object({
      label: z.string().check(z.maxLength(MAX_REQUEST_TEXT)),
      value: z.string().check(z.maxLength(MAX_KEY_TEXT)),
    }),
  ),
});

/** A HubSpot list a Target Companies fetch used (the draft's `hubSpotLists`, 001 §3), bounded. */
export const ZTemplateHubspotList = z.object({
  listId: z.string().check(z.minLength(1), z.maxLength(MAX_KEY_TEXT)),
  name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
  size: z.optional(z.number().check(z.int(), z.gte(0))),
});

/**
 * The fields of a campaign template that the user edits (001 §3), shared by the stored template and
 * the create/update bodies. Dates may be empty: a template outlives the days it was made on.
 * `selectedAdGroupTemplate` is the ad-group template's id; `templateSteps` the optional steps chosen.
 */
const templateFields = {
  templateName: ZRequestText,
  selectedAdvertiser: z._default(z.nullable(ZTemplateAdvertiser), null),
  templateSteps: z.array(ZStepName),
  /** The bidder's advertiser id. */
  advertiser_id: z._default(z.nullable(ZBidderId), null),
  estimatedBudget: z._default(ZEstimatedBudgetUsd, 0),
  dailyBudget: ZBudgetUsd,
  // The campaign's name when the template is used: the bidder's bound (`MAX_BIDDER_NAME`), as at creation.
  campaign_name: z._default(
    z.string().check(z.maxLength(MAX_BIDDER_NAME, { error: tooLongMessage(MAX_BIDDER_NAME) })),
    '',
  ),
  landingPage: z._default(z.string().check(z.maxLength(MAX_URL_LENGTH)), ''),
  startDate: z._default(z.nullable(ZIsoDate), null),
  endDate: z._default(z.nullable(ZIsoDate), null),
  maxBid: ZBidUsd,
  bgAdvertiserId: zId('advertiser'),
  selectedAdGroupTemplate: z._default(z.nullable(zId('adGroupTemplate')), null),
  description: z._default(z.string().check(z.maxLength(MAX_REQUEST_DESCRIPTION)), ''),
  name: ZBidderName,
  roleTitles: z._default(z.array(ZRoleTitleChoice), []),
  foundCompanyInfo: z._default(z.nullable(ZFoundCompanyInfo), null),
  foundEmailsInfo: z._default(z.nullable(ZFoundEmailsInfo), null),
  matches: z._default(z.number().check(z.int(), z.gte(0)), 0),
  isVideoCampaign: z.boolean(),
  showInHubspot: z._default(z.boolean(), false),
  maxCompanies: z._default(ZMaxCompanies, null),
  /** True for templates of the custom flow (any chosen layers), false for the ABM step list. */
  isCustomCampaign: z._default(z.boolean(), true),
  selectedDomainListsIds: z._default(z.array(z.string().check(z.maxLength(MAX_KEY_TEXT))), []),
  /**
   * Ours (the spec's template keeps the list ids only): the bidder lists the chosen lists stand for, as
   * the draft's `selectedDomainLists`, so a SPLIT list's per-domain CPM bids come back as the user set
   * them instead of at the default.
   */
  selectedDomainLists: z._default(z.array(ZTargetingDomainList), []),
  /** Ours, the draft's names: what the Target Companies step fetched companies with (tiers or lists). */
  companySortValues: z._default(ZTemplateCompanySortValues, { tier_values: [] }),
  hubSpotLists: z._default(z.array(ZTemplateHubspotList), []),
  selectedGeoTargetOptions: z._default(z.array(z.string().check(z.maxLength(MAX_KEY_TEXT))), []),
  selectedZipCodes: z._default(z.array(z.string().check(z.maxLength(MAX_ZIP_CODE_LENGTH))), []),
  selectedSegmentIds: z._default(z.array(z.string().check(z.maxLength(MAX_KEY_TEXT))), []),
};

/**
 * Campaign template (001 §3), owned by the user who saved it. The id has no prefix in the spec, so it
 * is a plain UUID.
 */
export const ZCampaignTemplate = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
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
  id: z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH))),
  agencyId: z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH))),
  createdBy: z.optional(ZUsername),
  ...templateFields,
});
export type TCampaignTemplateInput = z.input<typeof ZCampaignTemplateInput>;

/**
 * Body of `PUT /campaign/templates/{id}`: the template payload plus the `updatedAt` of the template the
 * client edited (ours: the spec's payload has no version). The server replaces the template only while
 * it is still that version, so a save made elsewhere in between is never silently overwritten (409).
 */
export const ZCampaignTemplateUpdateInput = z.extend(ZCampaignTemplateInput, { updatedAt: ZIsoDateTime });
export type TCampaignTemplateUpdateInput = z.input<typeof ZCampaignTemplateUpdateInput>;
