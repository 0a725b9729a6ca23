/**
 * The BidGrid card's logic, kept free of HubSpot's packages so the monorepo's vitest can test it:
 * which URLs the card calls, what it sends, and how it reads BidGrid's replies (`{success, payload,
 * error}` envelopes). The React entry (`bidgrid-campaigns-card.tsx`) only wires these to
 * `hubspot.fetch`, `actions.fetchCrmObjectProperties` and `actions.openIframeModal`.
 */

/** A campaign as `GET /public/crmcard/campaigns` lists it (shared `ZCrmCampaign`). */
export interface CardCampaign {
  readonly bgCampaignId: string;
  readonly name: string;
  readonly active: boolean;
}

/** The picker ticket `POST /public/crmcard/picker-tickets` answers. */
export interface PickerTicket {
  readonly ticket: string;
  readonly expiresAt: string;
  readonly pickerUrl: string;
}

/** A reply read: the value, or the sentence the card shows instead. */
export type CardResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** The company properties the card reads (not in the card's context: fetched from the record). */
export const COMPANY_PROPERTIES = ['domain', 'name'] as const;

/** hubspot.fetch's own limit is 15 s by default; the card's calls are quick, so it asks for less. */
export const CARD_FETCH_TIMEOUT_MS = 10_000;

/** The picker iframe modal's size (HubSpot caps the modal to the window). */
const PICKER_MODAL = { width: 640, height: 560 } as const;

const trimBase = (apiBaseUrl: string): string => apiBaseUrl.replace(/\/+$/, '');

/**
 * The campaigns URL. HubSpot appends portalId, userId, userEmail and appId itself; the server
 * reads the portal from there, so the card adds nothing.
 */
export function campaignsUrl(apiBaseUrl: string): string {
  return `${trimBase(apiBaseUrl)}/public/crmcard/campaigns`;
}

/** The picker-ticket URL (POST, JSON body from `pickerTicketBody`). */
export function pickerTicketsUrl(apiBaseUrl: string): string {
  return `${trimBase(apiBaseUrl)}/public/crmcard/picker-tickets`;
}

/**
 * A company's website as the picker's `domain` wants it: HubSpot's `domain` property usually holds
 * a bare host, but people paste URLs (`https://www.acme.com/about`): scheme, path and `www.` go.
 */
export function normaliseDomain(raw: string): string {
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * The picker-ticket body from the record's properties, or why the card cannot offer the picker
 * (a company without a website cannot be matched).
 */
export function pickerTicketBody(
  properties: Readonly<Record<string, string | null | undefined>>,
): CardResult<{ domain: string; companyName: string }> {
  const domain = normaliseDomain(properties['domain'] ?? '');
  const companyName = (properties['name'] ?? '').trim();
  if (!domain || !domain.includes('.')) {
    return { ok: false, message: 'Add the company domain to this record to add it to a BidGrid campaign.' };
  }
  if (!companyName)
    return { ok: false, message: 'Add the company name to this record to add it to a BidGrid campaign.' };
  return { ok: true, value: { domain, companyName } };
}

/** The sentence for a refused or failed call: BidGrid's own `error` when it sent one. */
function failureMessage(status: number, body: unknown): string {
  const error = isRecord(body) && typeof body['error'] === 'string' && body['error'] ? body['error'] : null;
  if (status === 401)
    return 'BidGrid did not accept this request from HubSpot. Ask your BidGrid administrator to check the app settings.';
  if (status === 404 || status === 403) {
    return error ?? 'This HubSpot account is not connected to a BidGrid advertiser.';
  }
  if (status === 429) return 'Too many requests right now. Try again in a moment.';
  if (error && status < 500) return error;
  return `BidGrid could not be reached (status ${status}). Try again later.`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The payload of a successful envelope, or null. */
function payloadOf(status: number, body: unknown): Record<string, unknown> | null {
  if (status !== 200 || !isRecord(body) || body['success'] !== true || !isRecord(body['payload'])) return null;
  return body['payload'];
}

const isCampaign = (value: unknown): value is CardCampaign =>
  isRecord(value) &&
  typeof value['bgCampaignId'] === 'string' &&
  value['bgCampaignId'].startsWith('bg-campaign-') &&
  typeof value['name'] === 'string' &&
  value['name'].length > 0 &&
  typeof value['active'] === 'boolean';

/** Reads the campaigns reply; campaigns sorted active first, then by name. */
export function readCampaignsReply(status: number, body: unknown): CardResult<CardCampaign[]> {
  const payload = payloadOf(status, body);
  if (!payload) return { ok: false, message: status === 200 ? UNEXPECTED : failureMessage(status, body) };
  const campaigns = payload['campaigns'];
  if (!Array.isArray(campaigns) || !campaigns.every(isCampaign)) return { ok: false, message: UNEXPECTED };
  const value = campaigns
    .map(({ bgCampaignId, name, active }) => ({ bgCampaignId, name, active }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
  return { ok: true, value };
}

/**
 * Reads the picker-ticket reply. The picker URL must be an absolute https URL (http only on
 * loopback, for the local stack) that carries the ticket: the card opens nothing else.
 */
export function readPickerTicketReply(status: number, body: unknown): CardResult<PickerTicket> {
  const payload = payloadOf(status, body);
  if (!payload) return { ok: false, message: status === 200 ? UNEXPECTED : failureMessage(status, body) };
  const { ticket, expiresAt, pickerUrl } = payload;
  if (typeof ticket !== 'string' || !ticket || typeof expiresAt !== 'string' || typeof pickerUrl !== 'string') {
    return { ok: false, message: UNEXPECTED };
  }
  let url: URL;
  try {
    url = new URL(pickerUrl);
  } catch {
    return { ok: false, message: UNEXPECTED };
  }
  const loopback = ['127.0.0.1', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return { ok: false, message: UNEXPECTED };
  if (!pickerUrl.includes(encodeURIComponent(ticket)) && !pickerUrl.includes(ticket)) {
    return { ok: false, message: UNEXPECTED };
  }
  return { ok: true, value: { ticket, expiresAt, pickerUrl } };
}

const UNEXPECTED = 'BidGrid sent an answer this card does not understand. Try again later.';

/** What `actions.openIframeModal` gets for the picker. */
export function pickerModal(pickerUrl: string): {
  uri: string;
  title: string;
  width: number;
  height: number;
  flush: boolean;
} {
  return { uri: pickerUrl, title: 'Add to a BidGrid campaign', ...PICKER_MODAL, flush: true };
}

/** How the card names a campaign in its list. */
export function campaignLabel(campaign: CardCampaign): string {
  return campaign.active ? campaign.name : `${campaign.name} (inactive)`;
}
