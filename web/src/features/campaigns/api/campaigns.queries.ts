import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TAdGroup, TAdGroupTemplate } from '@bidgrid/shared/entities/ad-group.schema';
import type { TCampaign } from '@bidgrid/shared/entities/campaign.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TCreative, TCreativeTemplate } from '@bidgrid/shared/entities/creative.schema';
import type { TDeliveryDay } from '@bidgrid/shared/entities/delivery.schema';
import { LINE_ITEM_METRICS, type TLineItemsReport } from '@bidgrid/shared/entities/line-item.schema';
import type { TTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import type { TTimeFrame } from '@bidgrid/shared/constants';

/**
 * The dashboard's reads (000 §7), each a root field naming its operation of the shared table. Results
 * are not normalised (the entities carry no `id`): a campaign's report differs per time frame, so each
 * query keeps its own copy and switching frames back shows the cached one without a request.
 */

const CAMPAIGN_FIELDS = gql`
  fragment CampaignFields on Campaign {
    bgCampaignId
    beeswaxCampaignId
    bgAdvertiserId
    agencyId
    name
    description
    active
    archived
    start_date
    end_date
    daily_budget
    campaign_budget
    maxBid
    maxCompanies
    showInHubspot
    isVideoCampaign
    accounts
    pixel_event_id
    createdBy
    campaignReports {
      clicks
      ctr
      impressions
      spend
      cpm_usd
      cpc_usd
      conversions
      click_through_conversions
      spend_per_conversion
      viewthrough_conversions
      timeFrame
      date
    }
  }
`;

/** 000 §7 GET /campaign/allbyadvertiser/{advertiserId}?timeFrame: every campaign, archived ones too. */
export const CAMPAIGNS_QUERY: TypedDocumentNode<
  { campaigns: TCampaign[] },
  { advertiserId: string; timeFrame: TRangeTimeFrame }
> = gql`
  query Campaigns($advertiserId: String!, $timeFrame: String!) {
    campaigns(params: { advertiserId: $advertiserId }, query: { timeFrame: $timeFrame })
      @rest(operation: "listCampaignsByAdvertiser", type: "Campaign") {
      ...CampaignFields
    }
  }
  ${CAMPAIGN_FIELDS}
`;

/** 000 §7 GET /campaign/dailyreport/{advertiserId}?date: the same list with the reports of one day. */
export const CAMPAIGNS_OF_DAY_QUERY: TypedDocumentNode<
  { campaignsOfDay: TCampaign[] },
  { advertiserId: string; date: string }
> = gql`
  query CampaignsOfDay($advertiserId: String!, $date: String!) {
    campaignsOfDay(params: { id: $advertiserId }, query: { date: $date })
      @rest(operation: "getCampaignDailyReport", type: "Campaign") {
      ...CampaignFields
    }
  }
  ${CAMPAIGN_FIELDS}
`;

/** 000 §7 GET /campaign/targetingSelections/{id}. */
export const TARGETING_QUERY: TypedDocumentNode<{ targeting: TTargetingSelections }, { id: string }> = gql`
  query Targeting($id: String!) {
    targeting(params: { id: $id }) @rest(operation: "getCampaignTargetingSelections", type: "Targeting") {
      domain_list {
        beeswaxListId
        name
      }
      geo_country
      geo_state {
        country_code_3
        region_name
      }
      geo_zip
      role_title_segments {
        role_name
        segment_key
      }
      retargeting_segments {
        segment_key
        segment_name
      }
    }
  }
`;

// Every metric of a report row (000 §2), so the column chooser can show any of them without a refetch.
const LINE_ITEM_REPORT_FIELDS = `beeswaxLineItemId timeFrame date ${LINE_ITEM_METRICS.join(' ')}`;
const LINE_ITEMS_SELECTION = `
  lineItems {
    beeswaxLineItemId
    bgCampaignId
    line_item_name
    active
    hubspotCompanyId
    fromFile
    domain
    line_item_budget
    line_item_spend
    lineItemReports { ${LINE_ITEM_REPORT_FIELDS} }
  }
  lineItemReports { ${LINE_ITEM_REPORT_FIELDS} }
`;

/** 000 §7 GET /report/lineitems?bgCampaignId&timeFrame. */
export const LINE_ITEMS_QUERY: TypedDocumentNode<
  { lineItems: TLineItemsReport },
  { bgCampaignId: string; timeFrame: TRangeTimeFrame }
> = gql`
  query LineItems($bgCampaignId: String!, $timeFrame: String!) {
    lineItems(query: { bgCampaignId: $bgCampaignId, timeFrame: $timeFrame })
      @rest(operation: "getLineItemsReport", type: "LineItemsReport") {
      ${LINE_ITEMS_SELECTION}
    }
  }
`;

/** 000 §7 GET /report/lineitems/dailyreport?bgCampaignId&date. */
export const LINE_ITEMS_OF_DAY_QUERY: TypedDocumentNode<
  { lineItemsOfDay: TLineItemsReport },
  { bgCampaignId: string; date: string }
> = gql`
  query LineItemsOfDay($bgCampaignId: String!, $date: String!) {
    lineItemsOfDay(query: { bgCampaignId: $bgCampaignId, date: $date })
      @rest(operation: "getLineItemsDailyReport", type: "LineItemsReport") {
      ${LINE_ITEMS_SELECTION}
    }
  }
`;

/** 000 §7 GET /adGroups/adgroupbybgcampaignid/{id}. */
export const AD_GROUPS_QUERY: TypedDocumentNode<{ adGroups: TAdGroup[] }, { id: string }> = gql`
  query AdGroups($id: String!) {
    adGroups(params: { id: $id }) @rest(operation: "listAdGroupsByCampaign", type: "AdGroup") {
      adGroupId
      bgAdvertiserId
      bgCampaignId
      createdBy
      name
      description
      adGroupType
      createdAt
      updatedAt
    }
  }
`;

const CREATIVE_SELECTION = `
  bgCreativeId
  beeswaxCreativeId
  adGroupId
  bgAdvertiserId
  name
  description
  height
  width
  creativeType
  creativeSrc
  duration
  size
  createdAt
  click_url
  creativeReports { ctr impressions clicks video_completes video_midpoints video_plays timeFrame date }
`;

/** 000 §7 GET /report/creatives?adGroupId&timeFrame: the ad group's creatives with their reports. */
export const CREATIVES_QUERY: TypedDocumentNode<
  { creatives: TCreative[] },
  { adGroupId: string; timeFrame: TRangeTimeFrame }
> = gql`
  query Creatives($adGroupId: String!, $timeFrame: String!) {
    creatives(query: { adGroupId: $adGroupId, timeFrame: $timeFrame })
      @rest(operation: "getCreativesReport", type: "Creative") {
      ${CREATIVE_SELECTION}
    }
  }
`;

/** 000 §7 GET /report/creatives/dailyreport?adGroupId&date: the daily creative reports. */
export const CREATIVES_OF_DAY_QUERY: TypedDocumentNode<
  { creativesOfDay: TCreative[] },
  { adGroupId: string; date: string }
> = gql`
  query CreativesOfDay($adGroupId: String!, $date: String!) {
    creativesOfDay(query: { adGroupId: $adGroupId, date: $date })
      @rest(operation: "getCreativesDailyReport", type: "Creative") {
      ${CREATIVE_SELECTION}
    }
  }
`;

/** The delivery chart's days (issue 6, `GET /report/campaign/delivery`). */
export const DELIVERY_QUERY: TypedDocumentNode<
  { delivery: TDeliveryDay[] },
  { bgCampaignId: string; timeFrame: TTimeFrame; date?: string }
> = gql`
  query Delivery($bgCampaignId: String!, $timeFrame: String!, $date: String) {
    delivery(query: { bgCampaignId: $bgCampaignId, timeFrame: $timeFrame, date: $date })
      @rest(operation: "getCampaignDelivery", type: "DeliveryDay") {
      date
      impressions
      clicks
      spend
    }
  }
`;

/** 001 §7 GET /adgroups/templates/{advertiserId}: the templates the replacement modal offers. */
export const AD_GROUP_TEMPLATES_QUERY: TypedDocumentNode<
  { adGroupTemplates: TAdGroupTemplate[] },
  { advertiserId: string }
> = gql`
  query AdGroupTemplates($advertiserId: String!) {
    adGroupTemplates(params: { advertiserId: $advertiserId })
      @rest(operation: "listAdGroupTemplates", type: "AdGroupTemplate") {
      id
      bgAdvertiserId
      createdBy
      name
      description
      adGroupType
      createdAt
    }
  }
`;

/** 001 §7 GET /creatives/templates/creativesbyadgroupid/{id}. */
export const CREATIVE_TEMPLATES_QUERY: TypedDocumentNode<{ creativeTemplates: TCreativeTemplate[] }, { id: string }> =
  gql`
    query CreativeTemplates($id: String!) {
      creativeTemplates(params: { id: $id })
        @rest(operation: "listCreativeTemplatesByAdGroupTemplate", type: "CreativeTemplate") {
        id
        adGroupTemplateId
        creativeTemplateSrc
        creativeType
        name
        description
        height
        width
        beeswaxCreativeId
        size_in_bytes
        duration
      }
    }
  `;

/** Root fields by what a change makes stale, for `refreshFields`. */
export const CAMPAIGN_FIELDS_NAMES = ['campaigns', 'campaignsOfDay', 'delivery'] as const;
export const LINE_ITEM_FIELD_NAMES = ['lineItems', 'lineItemsOfDay'] as const;
export const AD_GROUP_FIELD_NAMES = ['adGroups', 'creatives', 'creativesOfDay'] as const;
