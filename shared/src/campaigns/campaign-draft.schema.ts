import * as z from '../zod';
import { DEFAULT_ESTIMATED_BUDGET, DEFAULT_MAX_BID_USD, MEDIA_TYPES } from '../constants';
import { newId, zId } from '../ids';
import { ZAdGroupTemplate, ZAdGroupType } from '../ad-groups/ad-group.schema';
import { ZAdvertiser } from '../advertisers/advertiser.schema';
import { ZMaxCompanies } from './campaign.schema';
import { ZIsoDate } from '../common/common.schema';
import { ZFoundCompanyInfo, ZFoundEmailsInfo } from '../targeting/company.schema';
import { ZCompanySortValues, ZHubspotList, ZHubspotPage } from '../crm/crm.schema';
import { ZDomainList, ZPublicList } from '../lists/domain-list.schema';
import { ZGeoOption } from '../targeting/geo-option.schema';
import { ZCampaignStep, ZStepName } from '../agency/playbook.schema';
import { ZCookieSet, ZRoleType } from '../targeting/role-title.schema';
import { ZTargetingDomainList } from '../targeting/targeting.schema';

/**
 * The Campaign Details step of a draft (001 §3 `basicDetails`). Values are what the form holds while
 * the user works, so anything not yet entered is null; the step's rules are `validation/`'s.
 * `bgCampaignId` is generated when the draft starts (prefix bg-campaign-).
 */
export const ZCampaignBasicDetails = z.object({
  showInHubspot: z._default(z.boolean(), false),
  maxCompanies: z._default(ZMaxCompanies, null),
  agencyId: z._default(z.nullable(zId('agency')), null),
  bgCampaignId: z._default(zId('campaign'), () => newId('campaign')),
  createdBy: z._default(z.nullable(z.string()), null),
  description: z._default(z.string(), ''),
  startDate: z._default(z.nullable(ZIsoDate), null),
  endDate: z._default(z.nullable(ZIsoDate), null),
  maxBid: z._default(z.nullable(z.number()), DEFAULT_MAX_BID_USD),
  name: z._default(z.string(), ''),
  dailyBudget: z._default(z.nullable(z.number()), null),
  estimatedBudget: z._default(z.number(), DEFAULT_ESTIMATED_BUDGET),
  isVideoCampaign: z._default(z.boolean(), false),
  mediaType: z._default(z.nullable(z.enum(MEDIA_TYPES)), null),
});
export type TCampaignBasicDetails = z.infer<typeof ZCampaignBasicDetails>;

/** The new ad group the Ad Group step will create; its files stay in the page (they are not JSON). */
export const ZAdGroupDraft = z.object({
  name: z._default(z.string(), ''),
  description: z._default(z.string(), ''),
  adGroupType: z._default(ZAdGroupType, 'image'),
});
export type TAdGroupDraft = z.infer<typeof ZAdGroupDraft>;

/**
 * The ad group the Ad Group step made for this draft's campaign (its pipeline ran when Next was
 * pressed): set only once every creative exists, so the creation payload's `creativeIds` are whole.
 * A draft that holds it skips the pipeline on a later Next unless the user replaces the ad group.
 */
export const ZCreatedAdGroup = z.object({
  adGroupId: zId('adGroup'),
  name: z.string().check(z.minLength(1)),
  adGroupType: ZAdGroupType,
  /** The ad-group template made with it (a new ad group) or the one it was made from (a saved one). */
  adGroupTemplateId: z.nullable(zId('adGroupTemplate')),
  creativeIds: z.array(zId('creative')).check(z.minLength(1)),
});
export type TCreatedAdGroup = z.infer<typeof ZCreatedAdGroup>;

/**
 * Campaign draft (001 §3): the wizard's state across steps, kept in the client (and in session
 * storage, so a reload keeps the work). Every field has a default, so `newCampaignDraft()` is an
 * empty draft and a stored draft parses back whole. `campaignCookieSets` is keyed
 * `roleTypeId:roleId`.
 */
export const ZCampaignDraft = z.object({
  selectedAdvertiser: z._default(z.nullable(ZAdvertiser), null),
  basicDetails: z.prefault(ZCampaignBasicDetails, {}),
  landingPage: z._default(z.string(), ''),
  companySortValues: z.prefault(ZCompanySortValues, { tier_values: [] }),
  foundCompanyInfo: z._default(z.nullable(ZFoundCompanyInfo), null),
  foundEmailsInfo: z._default(z.nullable(ZFoundEmailsInfo), null),
  hubSpotLists: z._default(z.array(ZHubspotList), []),
  foundHubspotPages: z._default(z.array(ZHubspotPage), []),
  geoTargetOptions: z._default(z.array(ZGeoOption), []),
  roleTitleList: z._default(z.array(ZRoleType), []),
  campaignCookieSets: z._default(z.record(z.string(), z.array(ZCookieSet)), {}),
  selectedGeoTargetOptions: z._default(z.array(z.string()), []),
  selectedZipCodes: z._default(z.array(z.string()), []),
  selectedSegmentIds: z._default(z.array(z.string()), []),
  publicDomainLists: z._default(z.array(ZPublicList), []),
  customDomainLists: z._default(z.array(ZDomainList), []),
  selectedDomainListsIds: z._default(z.array(z.string()), []),
  selectedDomainLists: z._default(z.array(ZTargetingDomainList), []),
  adGroupToCreate: z.prefault(ZAdGroupDraft, {}),
  selectedAdGroupTemplate: z._default(z.nullable(ZAdGroupTemplate), null),
  createdAdGroup: z._default(z.nullable(ZCreatedAdGroup), null),
  campaignSteps: z._default(z.array(ZCampaignStep), []),
  campaignTemplateName: z._default(z.string(), ''),
  campaignTemplate: z._default(
    z.nullable(
      z.object({
        id: z.string().check(z.minLength(1)),
        templateSteps: z.array(ZStepName),
        /** Ours: the version of the template the draft was seeded from, which a Save must name. */
        updatedAt: z._default(z.nullable(z.string()), null),
      }),
    ),
    null,
  ),
  isPending: z._default(z.boolean(), false),
});
export type TCampaignDraft = z.infer<typeof ZCampaignDraft>;

/** An empty draft with a fresh campaign id and the spec's defaults (max bid 25, estimated budget 0). */
export const newCampaignDraft = (): TCampaignDraft => ZCampaignDraft.parse({});
