import { SELECT_ALL_SUFFIX } from '../constants';
import { VALIDATION_MESSAGES as M } from '../common/messages';

/**
 * Wizard step gates (001 §5): the texts shown as 5 s toasts when Next (or a fetch button) is pressed
 * without the step's required choice, and pure checks returning the text or null.
 */
export const STEP_GATE_MESSAGES = {
  selectAdvertiser: 'Please, select advertiser.',
  hubspotTier: 'Select a HubSpot Ideal Customer Profile Tier.',
  listForCompanies: 'Select a List to get Companies.',
  listForEmails: 'Please, choose a HubSpot List and select "Get Emails".',
  listForContacts: 'Select a List to get Contacts.',
  publicationLists: 'Please, select required domain lists.',
  regions: 'Please, select the required regions.',
  segments: 'Please, select at least one segment',
  zipCodes: 'Please, enter the required zip codes.',
  destinationPage: 'Please, select a destination page to continue.',
  roleTitles: 'Please, select at least one Role/Title to continue.',
  adGroupCreatives: M.uploadCreatives,
  adGroupSelection: M.selectAdGroup,
} as const;

export type TStepGateKey = keyof typeof STEP_GATE_MESSAGES;

type Ids = readonly string[] | null | undefined;
const G = STEP_GATE_MESSAGES;
const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';
const isEmpty = (ids: Ids): boolean => !ids || ids.length === 0;
/** Real selections only: the per-group "select all" keys (`..._ALL`) are never saved (001 §2). */
const withoutSelectAll = (keys: Ids): string[] => (keys ?? []).filter((key) => !key.endsWith(SELECT_ALL_SUFFIX));

/** Select Advertiser step. */
export const selectAdvertiserGate = (advertiserId: string | null | undefined): string | null =>
  isBlank(advertiserId) ? G.selectAdvertiser : null;

/** Target Companies, "HubSpot Tiers" source: fetching companies needs at least one tier. */
export const hubspotTierGate = (tierValues: Ids): string | null => (isEmpty(tierValues) ? G.hubspotTier : null);

/** Target Companies, "HubSpot Lists" source: fetching companies needs a list. */
export const companiesListGate = (listId: string | null | undefined): string | null =>
  isBlank(listId) ? G.listForCompanies : null;

/** The company source of the Target Companies step (001 §2). */
export type TCompanySource = 'hubspotTiers' | 'hubspotLists' | 'csv';

/**
 * Target Companies step, on Next: at least one included company. The text names what the chosen
 * source still needs; for a CSV source (no spec text) it asks for the file.
 */
export function targetCompaniesGate(source: TCompanySource, includedCompanies: number): string | null {
  if (includedCompanies > 0) return null;
  if (source === 'hubspotTiers') return G.hubspotTier;
  if (source === 'hubspotLists') return G.listForCompanies;
  return M.csvOneFile;
}

/** CRM Re-targeting, "Get Emails" pressed: a list must be chosen to get its contacts. */
export const contactsListGate = (listId: string | null | undefined): string | null =>
  isBlank(listId) ? G.listForContacts : null;

/** CRM Re-targeting step, on Next: some e-mails, from a list ("Get Emails") or an uploaded file. */
export const crmRetargetingGate = (emailCount: number): string | null => (emailCount > 0 ? null : G.listForEmails);

/** Publication Lists step. */
export const publicationListsGate = (selectedDomainListIds: Ids): string | null =>
  isEmpty(selectedDomainListIds) ? G.publicationLists : null;

/** State/Province step: at least one region besides the countries' "select all" keys. */
export const regionsGate = (selectedRegionKeys: Ids): string | null =>
  withoutSelectAll(selectedRegionKeys).length === 0 ? G.regions : null;

/** Visitors Re-targeting Segments step. */
export const segmentsGate = (selectedSegmentIds: Ids): string | null =>
  isEmpty(selectedSegmentIds) ? G.segments : null;

/** Zip Codes step (codes already parsed: see zip-codes.ts). */
export const zipCodesGate = (zipCodes: Ids): string | null =>
  (zipCodes ?? []).every((code) => code.trim() === '') ? G.zipCodes : null;

/** Landing Page step: a destination page or a custom URL. */
export const destinationPageGate = (landingPage: string | null | undefined): string | null =>
  isBlank(landingPage) ? G.destinationPage : null;

/** Role/Title step: at least one `roleTypeId:roleId` key besides the role types' "select all" keys. */
export const roleTitlesGate = (selectedRoleKeys: Ids): string | null =>
  withoutSelectAll(selectedRoleKeys).length === 0 ? G.roleTitles : null;

/** Ad Group step, "Create New AdGroup" tab: at least one valid creative. */
export const adGroupCreativesGate = (creativeCount: number): string | null =>
  creativeCount > 0 ? null : G.adGroupCreatives;

/** Ad Group step, "Select From Saved AdGroups" tab: a saved ad group chosen. */
export const savedAdGroupGate = (adGroupTemplateId: string | null | undefined): string | null =>
  isBlank(adGroupTemplateId) ? G.adGroupSelection : null;
