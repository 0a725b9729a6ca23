import * as z from 'zod';
import { DEFAULT_ESTIMATED_BUDGET, DEFAULT_MAX_BID_USD, MEDIA_TYPES } from '../constants';
import { newId, zId } from '../ids';
import { ZAdGroupTemplate, ZAdGroupType } from './ad-group.schema';
import { ZAdvertiser } from './advertiser.schema';
import { ZMaxCompanies } from './campaign.schema';
import { ZIsoDate } from './common.schema';
import { ZFoundCompanyInfo, ZFoundEmailsInfo } from './company.schema';
import { ZCompanySortValues, ZHubspotList, ZHubspotPage } from './crm.schema';
import { ZDomainList, ZPublicList } from './domain-list.schema';
import { ZGeoOption } from './geo-option.schema';
import { ZCampaignStep, ZStepName } from './playbook.schema';
import { ZCookieSet, ZRoleType } from './role-title.schema';
import { ZTargetingDomainList } from './targeting.schema';

/**
 * The Campaign Details step of a draft (001 §3 `basicDetails`). Values are what the form holds while
 * the user works, so anything not yet entered is null; the step's rules are `validation/`'s.
 * `bgCampaignId` is generated when the draft starts (prefix bg-campaign-).
 */
export const ZCampaignBasicDetails = z.object({
  showInHubspot: z.boolean().default(false),
  maxCompanies: ZMaxCompanies.default(null),
  agencyId: zId('agency').nullable().default(null),
  bgCampaignId: zId('campaign').default(() => newId('campaign')),
  createdBy: z.string().nullable().default(null),
  description: z.string().default(''),
  startDate: ZIsoDate.nullable().default(null),
  endDate: ZIsoDate.nullable().default(null),
  maxBid: z.number().nullable().default(DEFAULT_MAX_BID_USD),
  name: z.string().default(''),
  dailyBudget: z.number().nullable().default(null),
  estimatedBudget: z.number().default(DEFAULT_ESTIMATED_BUDGET),
  isVideoCampaign: z.boolean().default(false),
  mediaType: z.enum(MEDIA_TYPES).nullable().default(null),
});
export type TCampaignBasicDetails = z.infer<typeof ZCampaignBasicDetails>;

/** The new ad group the Ad Group step will create; its files stay in the page (they are not JSON). */
export const ZAdGroupDraft = z.object({
  name: z.string().default(''),
  description: z.string().default(''),
  adGroupType: ZAdGroupType.default('image'),
});
export type TAdGroupDraft = z.infer<typeof ZAdGroupDraft>;

/**
 * The ad group the Ad Group step made for this draft's campaign (its pipeline ran when Next was
 * pressed): set only once every creative exists, so the creation payload's `creativeIds` are whole.
 * A draft that holds it skips the pipeline on a later Next unless the user replaces the ad group.
 */
export const ZCreatedAdGroup = z.object({
  adGroupId: zId('adGroup'),
  name: z.string().min(1),
  adGroupType: ZAdGroupType,
  /** The ad-group template made with it (a new ad group) or the one it was made from (a saved one). */
  adGroupTemplateId: zId('adGroupTemplate').nullable(),
  creativeIds: z.array(zId('creative')).min(1),
});
export type TCreatedAdGroup = z.infer<typeof ZCreatedAdGroup>;

/**
 * Campaign draft (001 §3): the wizard's state across steps, kept in the client (and in session
 * storage, so a reload keeps the work). Every field has a default, so `newCampaignDraft()` is an
 * empty draft and a stored draft parses back whole. `campaignCookieSets` is keyed
 * `roleTypeId:roleId`.
 */
export const ZCampaignDraft = z.object({
  selectedAdvertiser: ZAdvertiser.nullable().default(null),
  basicDetails: ZCampaignBasicDetails.prefault({}),
  landingPage: z.string().default(''),
  companySortValues: ZCompanySortValues.prefault({ tier_values: [] }),
  foundCompanyInfo: ZFoundCompanyInfo.nullable().default(null),
  foundEmailsInfo: ZFoundEmailsInfo.nullable().default(null),
  hubSpotLists: z.array(ZHubspotList).default([]),
  foundHubspotPages: z.array(ZHubspotPage).default([]),
  geoTargetOptions: z.array(ZGeoOption).default([]),
  roleTitleList: z.array(ZRoleType).default([]),
  campaignCookieSets: z.record(z.string(), z.array(ZCookieSet)).default({}),
  selectedGeoTargetOptions: z.array(z.string()).default([]),
  selectedZipCodes: z.array(z.string()).default([]),
  selectedSegmentIds: z.array(z.string()).default([]),
  publicDomainLists: z.array(ZPublicList).default([]),
  customDomainLists: z.array(ZDomainList).default([]),
  selectedDomainListsIds: z.array(z.string()).default([]),
  selectedDomainLists: z.array(ZTargetingDomainList).default([]),
  adGroupToCreate: ZAdGroupDraft.prefault({}),
  selectedAdGroupTemplate: ZAdGroupTemplate.nullable().default(null),
  createdAdGroup: ZCreatedAdGroup.nullable().default(null),
  campaignSteps: z.array(ZCampaignStep).default([]),
  campaignTemplateName: z.string().default(''),
  campaignTemplate: z
    .object({
      id: z.string().min(1),
      templateSteps: z.array(ZStepName),
      /** Ours: the version of the template the draft was seeded from, which a Save must name. */
      updatedAt: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  isPending: z.boolean().default(false),
});
export type TCampaignDraft = z.infer<typeof ZCampaignDraft>;

/** An empty draft with a fresh campaign id and the spec's defaults (max bid 25, estimated budget 0). */
export const newCampaignDraft = (): TCampaignDraft => ZCampaignDraft.parse({});
