import * as z from '../zod';
import {
  COMPANY_SEARCH_PAGE_SIZE,
  COMPANY_SEARCH_START_AFTER,
  HUBSPOT_PAGE_KINDS,
  HUBSPOT_PAGE_TYPES,
} from '../constants';
import { zId } from '../ids';
import { ZCompanyMatchResult } from '../targeting/company.schema';
import { MAX_KEY_TEXT, ZCount, ZIsoDateTime, ZKeyText } from '../common/common.schema';

/**
 * Which HubSpot lists a step asks for: company lists (Target Companies) or contact lists (CRM
 * Re-targeting). The spec sends a `listType` without its values (001 §7), so these are ours.
 */
export const HUBSPOT_LIST_TYPES = ['companies', 'contacts'] as const;
export const ZHubspotListType = z.enum(HUBSPOT_LIST_TYPES);
export type THubspotListType = z.infer<typeof ZHubspotListType>;

/** A HubSpot list (001 §3 `hubSpotLists`: listId, name). */
export const ZHubspotList = z.object({
  listId: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  size: z.optional(z.number().check(z.int(), z.gte(0))),
});
export type THubspotList = z.infer<typeof ZHubspotList>;

export const ZHubspotPageKind = z.enum(HUBSPOT_PAGE_KINDS);
export const ZHubspotPageType = z.enum(HUBSPOT_PAGE_TYPES);

/** A CRM page offered as a landing page (001 §3 `foundHubspotPages`: id, name, url, state, pageType). */
export const ZHubspotPage = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  url: z.url(),
  state: z.string().check(z.minLength(1)),
  pageType: ZHubspotPageType,
});
export type THubspotPage = z.infer<typeof ZHubspotPage>;

/** HubSpot's search takes at most 6 filters in one filter group. */
export const HUBSPOT_FILTERS_PER_GROUP = 6;

/** Operators of HubSpot's CRM search filters. */
export const HUBSPOT_FILTER_OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;

/**
 * A company search filter, HubSpot's shape. The tier step filters `hs_ideal_customer_profile` with
 * `IN`; 'Get Target Accounts Only' adds `hs_is_target_account` `EQ` 'true' (001 §2).
 */
export const ZHubspotFilter = z.object({
  propertyName: ZKeyText,
  operator: z.enum(HUBSPOT_FILTER_OPERATORS),
  value: z.optional(z.string().check(z.maxLength(MAX_KEY_TEXT))),
  values: z.optional(z.array(z.string().check(z.maxLength(MAX_KEY_TEXT))).check(z.maxLength(500))),
});
export type THubspotFilter = z.infer<typeof ZHubspotFilter>;

/** A label/value option (tiers, enumeration properties). */
export const ZLabelValue = z.object({ label: z.string(), value: z.string() });

/** `companySortValues` of the draft (001 §3): the portal's ideal-customer-profile tiers. */
export const ZCompanySortValues = z.object({ tier_values: z.array(ZLabelValue) });
export type TCompanySortValues = z.infer<typeof ZCompanySortValues>;

/** A HubSpot company property definition (`GET /{crm}/companies/properties/{id}`). */
export const ZHubspotCompanyProperty = z.object({
  name: z.string().check(z.minLength(1)),
  label: z.string(),
  type: z.string().check(z.minLength(1)),
  options: z._default(z.array(ZLabelValue), []),
});
export type THubspotCompanyProperty = z.infer<typeof ZHubspotCompanyProperty>;

/** Ours: a search page's `after` that is not HubSpot's paging offset. */
export const NOT_A_SEARCH_OFFSET = 'Must be a whole number of 0 or more, as a string';

/**
 * Where a tier search's page starts: HubSpot's search pages by offset (`'0'`, then the `paging.next.after`
 * it answered, `'100'`), a whole number of 0 or more written in digits. HubSpot refuses anything else
 * (`'-1'`: a 400 it answers, which reached the caller as a 502); an offset past its 10,000-result
 * window is the search's end (`hubspot-records.ts`), not a request to send.
 */
export const ZCompanySearchAfter = z
  .string()
  .check(z.maxLength(16, { error: NOT_A_SEARCH_OFFSET }), z.regex(/^\d{1,16}$/, { error: NOT_A_SEARCH_OFFSET }));

/**
 * Request of a tier search (001 §7 `getTargetedCompanies`): `after` '0' and 100 results a page
 * (001 §9); `reqID` is echoed so a client can drop answers to superseded searches.
 */
export const ZTargetedCompaniesRequest = z.object({
  bgAdvertiserId: zId('advertiser'),
  // One HubSpot filter group holds at most 6 filters (VENDORS.md): the tier filter and the target-account one fit.
  filters: z.array(ZHubspotFilter).check(z.minLength(1), z.maxLength(HUBSPOT_FILTERS_PER_GROUP)),
  after: z._default(ZCompanySearchAfter, COMPANY_SEARCH_START_AFTER),
  numberResults: z._default(
    z.number().check(z.int(), z.gte(1), z.lte(COMPANY_SEARCH_PAGE_SIZE)),
    COMPANY_SEARCH_PAGE_SIZE,
  ),
  reqID: z.optional(ZKeyText),
});
export type TTargetedCompaniesRequest = z.input<typeof ZTargetedCompaniesRequest>;

/** A page of tier-search results, matched: the match result plus paging (`after` null on the last page). */
export const ZTargetedCompanies = z.extend(ZCompanyMatchResult, {
  reqID: z.optional(z.string()),
  after: z.nullable(z.string()),
  total: ZCount,
});
export type TTargetedCompanies = z.infer<typeof ZTargetedCompanies>;

/** CRM campaign (001 §3, the public picker's dropdown): id, name and whether it is active. */
export const ZCrmCampaign = z.object({
  bgCampaignId: zId('campaign'),
  name: z.string().check(z.minLength(1)),
  active: z.boolean(),
});
export type TCrmCampaign = z.infer<typeof ZCrmCampaign>;

/**
 * Outcome of adding a company from the CRM card (001 §7 payload `message`): the spec names
 * 'no-match' and 'company-limit-reached'; 'company-added' (success) and 'already-added' (the company
 * already has its line item in the campaign: nothing is added twice) are ours.
 */
export const ADD_COMPANY_OUTCOMES = ['company-added', 'no-match', 'company-limit-reached', 'already-added'] as const;
export const ZAddCompanyOutcome = z.object({ message: z.enum(ADD_COMPANY_OUTCOMES) });
export type TAddCompanyOutcome = z.infer<typeof ZAddCompanyOutcome>;
export type TAddCompanyOutcomeKind = TAddCompanyOutcome['message'];

/**
 * What the picker shows for each outcome (001 §8 "Picker outcomes", word for word; 'already-added'
 * is ours and, like success, tells the user the window can be closed).
 */
export const ADD_COMPANY_OUTCOME_MESSAGES: Readonly<Record<TAddCompanyOutcomeKind, string>> = {
  'company-added': 'The campaign has been added to your customer-relationship account. You can now close this window.',
  'no-match': "No match found for this company in our Database. We couldn't add this company to the campaign.",
  'company-limit-reached':
    "The selected campaign has reached the maximum number of companies that can be added to it. We couldn't add this company to the campaign.",
  'already-added': 'This company is already in the selected campaign. You can now close this window.',
};

/** How long a picker ticket is accepted after it was issued. */
export const PICKER_TICKET_TTL_SECONDS = 15 * 60;

/** Body of `createCrmCardPickerTicket`: the company record the card was opened on. */
export const ZPickerTicketRequest = z.object({
  domain: z.string().check(z.trim(), z.minLength(1), z.maxLength(253)),
  companyName: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)),
});
export type TPickerTicketRequest = z.infer<typeof ZPickerTicketRequest>;

/**
 * A picker ticket (ours): the card asks for it with a signed call and opens `pickerUrl` (the web app's
 * `/public-campaigns-picker` with portalId, domain, companyName and ticket in the query); the page
 * sends `ticket` in `X-BidGrid-Picker-Ticket` on its two calls until `expiresAt` (ISO).
 */
export const ZPickerTicket = z.object({
  ticket: z.string().check(z.minLength(1)),
  expiresAt: ZIsoDateTime,
  pickerUrl: z.url(),
});
export type TPickerTicket = z.infer<typeof ZPickerTicket>;
