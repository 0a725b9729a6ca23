import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import type { DataAccess } from '../lambda/grants';

/**
 * What each realtime Lambda may reach. Every event handler reads its caller's connection item and
 * deletes it when API Gateway says the connection is gone, so `connections` is read-write for all.
 * Events listed here get exactly what their use case touches; an event added later gets the broad
 * default until it is listed, so adding its handler file is still all a deploy needs.
 */
export const EVENT_ACCESS: Readonly<Record<string, DataAccess>> = {
  // Segments log entries and the run's date (app); the company-match API key (secrets).
  getCSVKickfireMatches: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The company look-up cache, whose ranges-only answers it completes (app); the company-match API
  // key (secrets). No segments log: nothing matches here.
  explainNoMatches: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The advertiser and its CRM connection, whose tokens a refresh rewrites (app); the CRM client
  // secret and the token encryption key (secrets).
  getHubSpotLists: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The advertiser and its CRM connection, whose tokens a refresh rewrites (app); the CRM client
  // secret and the token encryption key (secrets). Only reads the contact list's members and e-mails.
  getContactsFromList: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The two together: the CRM connection (token refresh) and the segments log of the matches (app);
  // the CRM client secret, the token key and the company-match API key (secrets).
  getTargetedCompanies: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  getCompaniesFromList: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The advertiser, creatives and ad group read, the creation claim, kept chunks, campaign, line
  // items and targeting written, the company look-up cache read and completed (app); the bidder's
  // sign-in and the company-match API key (secrets). No reports, no bucket.
  createCampaign: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The advertiser read, the custom list written (app); the bidder's sign-in (secrets).
  createNewDomainList: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  updateDomainList: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
  // The campaign, targeting, line items and activity written, segments log entries of added
  // companies (app); the bidder's sign-in and the company-match API key (secrets). No reports.
  updateCampaignTargeting: { tables: { app: 'readWrite', connections: 'readWrite' }, secrets: true },
};

/** Events not listed yet: campaigns and domain lists are written, reports read, vendors called. */
export const DEFAULT_EVENT_ACCESS: DataAccess = {
  tables: { app: 'readWrite', reports: 'read', connections: 'readWrite' },
  secrets: true,
};

/** `$connect` stores the connection and reads the caller's agency. */
export const CONNECT_ACCESS: DataAccess = { tables: { connections: 'readWrite', app: 'read' }, secrets: false };
/** `$disconnect` forgets the connection. */
export const DISCONNECT_ACCESS: DataAccess = { tables: { connections: 'readWrite' }, secrets: false };
/** `$default` only replies (and forgets a gone connection): no app data, no secret. */
export const DEFAULT_ROUTE_ACCESS: DataAccess = { tables: { connections: 'readWrite' }, secrets: false };

/** The access of one event's Lambda. */
export function eventAccess(event: Pick<RealtimeEventDef, 'name'>): DataAccess {
  return EVENT_ACCESS[event.name] ?? DEFAULT_EVENT_ACCESS;
}
