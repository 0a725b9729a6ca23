import { randomUUID } from 'node:crypto';
import {
  advertiser as advertiserOps,
  campaign as campaignOps,
  creative as creativeOps,
  crm,
  domainList as domainListOps,
  lineItem as lineItemOps,
  payments,
  roleTitle,
  segment as segmentOps,
  type AnyOperation,
} from '@bidgrid/shared';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import type { TPublicListSelection } from '@bidgrid/shared/lists/domain-list.schema';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import type * as z from '@bidgrid/shared/zod';
import { callOperation, callOperationUnchecked } from '../support/api';
import { confirmCardSetup } from '../support/local-data';
import type { TestSocket } from '../support/realtime';
import { adGroupWithBanner } from '../support/wizard-campaign';
import { boundaryCases, setAt } from '../support/zod-arbitrary';
import { dayOffset, TEXAS } from './campaigns.fixtures';
import { inPool } from '../support/in-pool';

/**
 * The boundary walk of the fuzz (issue 26 §3): for each call that reaches a vendor, a valid request
 * that gets all the way through to the simulators (an advertiser with a card, real matched
 * companies, every targeting layer filled, the current targeting revision), then each of its fields
 * alone at each of its edges (`boundaryCases`: max and max+1, the smallest and largest numbers,
 * formats just outside). The schema-driven fuzz draws its inputs at random and rarely gets a request
 * past the use case's own checks (no card, no matched company, a stale revision), so the vendors
 * never saw the values that broke them; the walk sends every one.
 */

/** What the walk needs of the fuzz world: its user, agency, advertiser and seeded campaign. */
export interface WalkSeed {
  readonly token: string;
  /** The demo user: the HubSpot reads use the demo world's connected advertiser (they change nothing there). */
  readonly demoToken: string;
  readonly advertiserId: string;
  readonly beeswaxAdvertiserId: number;
  /** The seeded campaign's ad group (its creatives are at the bidder). */
  readonly adGroupId: string;
  /** Bidder ids of the seeded campaign's line items. */
  readonly lineItemIds: readonly number[];
  readonly sockets: { readonly user: TestSocket; readonly demo: TestSocket };
}

/** One call the walk sends requests of. */
export interface WalkTarget {
  /** The operation's or event's name. */
  readonly name: string;
  /** The schema of what is walked (a body, an event's fields). */
  readonly schema: z.ZodMiniType;
  /** A valid request that gets through to the vendors. */
  readonly base: () => Promise<unknown>;
  /**
   * A request the schema takes needs a base of its own: it makes something under an id of the
   * request (a campaign), or the base holds what each change moves on (a revision, a fresh card).
   */
  readonly fresh: boolean;
  /** Requests in flight at once (1 where each one changes what the next one reads). */
  readonly pool: number;
  /** Sends one request; its status and envelope, as the fuzz judges them. */
  readonly send: (request: unknown) => Promise<{ status: number; text: string }>;
  /** Fields the walk leaves as they are (an event's `reqID` is the envelope's correlation id, fuzzed with it). */
  readonly keep?: readonly string[];
}

const HUBSPOT_ADVERTISER = 'bgAdvertiser-demo-bluepeak';
const TIER_FILTERS = [
  { propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1', 'tier_2'] },
  { propertyName: 'hs_is_target_account', operator: 'EQ', value: 'true' },
] as const;
const MATCHED_DOMAINS = ['ironbridgemanufacturing.com', 'redwoodclinicallabs.com'];

/** A REST call of the walk: the request as the body, its reply as the fuzz reads it. */
function restSender(op: AnyOperation, token: string) {
  return async (body: unknown) => {
    const reply = await callOperationUnchecked(op, { token, body });
    return { status: reply.status, text: JSON.stringify(reply.body) };
  };
}

/**
 * A realtime call of the walk: the reply's status is the one REST would answer (200 on success), its
 * text the reply message with the envelope the fuzz checks.
 */
function realtimeSender(event: RealtimeEventDef, socket: () => TestSocket) {
  return async (fields: unknown) => {
    const call = await socket().call(event.name, (fields ?? {}) as Record<string, unknown>, { timeoutMs: 60_000 });
    const { reply } = call;
    return {
      status: reply.status ?? (reply.success ? 200 : 500),
      text: JSON.stringify({ success: reply.success, payload: reply.payload ?? null, error: reply.error ?? null }),
    };
  };
}

const payloadOf = <T>(reply: { status: number; body: { payload?: T; error?: string | null } }, what: string): T => {
  if (reply.body.payload === undefined || reply.status !== 200) {
    throw new Error(`walk world: ${what} answered ${reply.status} ${reply.body.error ?? ''}`);
  }
  return reply.body.payload;
};

/** The records the walk's requests name: lists, segments, campaigns and the card of the fuzz advertiser. */
interface WalkRecords {
  domainList: {
    domainListId: string;
    beeswaxListId: number;
    name: string;
    items: Array<{ bgItemId: string; domain: string }>;
  };
  segment: { segment_key: string; segment_name: string };
  role: { role_name: string; segment_key: string; roleTypeId: string; roleId: string };
  publicList: TPublicListSelection;
  companies: TCompanyRow[];
  notStarted: { bgCampaignId: string; beeswaxCampaignId: number };
  launched: string;
  hubspotCompanyList: string;
  hubspotContactList: string;
}

/** A new confirmed card of the advertiser (a setup intent confirmed with Stripe's test Visa). */
async function confirmedCard(token: string, advertiserId: string): Promise<string> {
  const intent = await callOperation(payments.createCardSetupIntent, { token, query: { advertiserId } });
  const confirmed = await confirmCardSetup(payloadOf(intent, 'card setup intent'), { number: '4242 4242 4242 4242' });
  const method = confirmed.body.payment_method;
  if (!method) throw new Error(`walk world: card not confirmed (${confirmed.status})`);
  return method;
}

/** What a creation payload names of the records. */
type TCreationRecords = Pick<WalkRecords, 'domainList' | 'segment' | 'role' | 'publicList' | 'companies'>;

/** The creation payload the walk starts from: every layer filled, under a fresh campaign id. */
async function creation(seed: WalkSeed, records: TCreationRecords, name = 'Walked campaign') {
  const bgCampaignId = `bg-campaign-walk-${randomUUID()}` as const;
  const { creativeId } = await adGroupWithBanner(seed.token, bgCampaignId, seed.advertiserId);
  return {
    bgCampaignId,
    beeswaxCampaign: {
      active: false as const,
      advertiser_id: seed.beeswaxAdvertiserId,
      budget_type: 2 as const,
      campaign_budget: 3000,
      dailyBudget: 100,
      campaign_name: name,
      start_date: dayOffset(1),
      end_date: dayOffset(31),
    },
    max_bid: 12,
    bgAdvertiserId: seed.advertiserId as `bgAdvertiser-${string}`,
    creativeIds: [creativeId],
    description: 'Made by the boundary walk',
    name,
    targetingInfo: {
      domain_list: [{ beeswaxListId: records.domainList.beeswaxListId, name: records.domainList.name }],
      geo_country: ['USA' as const],
      geo_state: [TEXAS],
      geo_zip: ['78701'],
      role_title_segments: [records.role],
      retargeting_segments: [records.segment],
    },
    foundCompanyInfo: { companies: records.companies, fromFile: true },
    publicDomainLists: [records.publicList],
    foundEmailsInfo: { emailsToHash: [{ domain: 'fuzz.example', emails: ['walk@fuzz.example'] }], fromFile: false },
    matches: records.companies.length,
    isVideoCampaign: false,
    showInHubspot: false,
    maxCompanies: null,
    campaignType: 'custom' as const,
  };
}

/**
 * Makes what the walk's requests name, in the fuzz agency: a saved card, a custom list, a segment,
 * matched companies, a campaign not started yet and a launched one with companies; and reads the
 * role catalog, a public list and the demo portal's HubSpot lists.
 */
export async function walkRecords(seed: WalkSeed): Promise<WalkRecords> {
  const { token, advertiserId } = seed;
  const card = await callOperation(payments.saveAdvertiserCard, {
    token,
    body: {
      bgAdvertiserId: advertiserId,
      billingEmail: 'billing@fuzz.example',
      friendlyName: 'Walk Visa',
      method: await confirmedCard(token, advertiserId),
    },
  });
  payloadOf(card, 'saved card');
  const list = payloadOf(
    await callOperation(domainListOps.createDomainList, {
      token,
      body: { bgAdvertiserId: advertiserId, listName: 'Walk list', domains: ['walk-news.example.com'] },
    }),
    'custom list',
  );
  const segment = payloadOf(
    await callOperation(segmentOps.createSegment, {
      token,
      body: { name: 'Walk visitors', description: 'Walked', advertiserId },
    }),
    'segment',
  );
  const roles = payloadOf(await callOperation(roleTitle.listRoleTitles, { token }), 'role titles');
  const roleType = roles.find((type) => type.roleSet.some((role) => role.cookieSets.length > 0));
  const role = roleType?.roleSet.find((r) => r.cookieSets.length > 0);
  const cookieSet = role?.cookieSets[0];
  if (!roleType || !role || !cookieSet) throw new Error('walk world: no role with a segment');
  const [publicList] = payloadOf(await callOperation(domainListOps.listPublicDomainLists, { token }), 'public lists');
  if (!publicList) throw new Error('walk world: no public list');
  const matched = payloadOf(
    await callOperation(campaignOps.matchCsvCompanies, { token, body: { csvCompanies: MATCHED_DOMAINS } }),
    'company match',
  );
  const records: Omit<WalkRecords, 'notStarted' | 'launched'> = {
    domainList: {
      domainListId: list.domainListId,
      beeswaxListId: list.beeswaxListId,
      name: list.name,
      items: list.domains.map((item) => ({ bgItemId: item.bgItemId, domain: item.domain })),
    },
    segment: { segment_key: segment.segment_key, segment_name: segment.segment_name },
    role: {
      role_name: role.role,
      segment_key: cookieSet.segment_key,
      roleTypeId: roleType.roleTypeId,
      roleId: role.roleId,
    },
    publicList: {
      id: publicList.id,
      listType: publicList.listType,
      name: publicList.name,
      domainLists: publicList.domainLists.map((l) => ({ beeswaxListId: l.beeswaxListId, name: l.name })),
    },
    companies: matched.uniqueSegments,
    hubspotCompanyList: '101',
    hubspotContactList: '',
  };
  const contactLists = payloadOf(
    await callOperation(crm.listHubspotLists, {
      token: seed.demoToken,
      params: { id: HUBSPOT_ADVERTISER },
      query: { listType: 'contacts' },
    }),
    'HubSpot contact lists',
  );
  records.hubspotContactList = contactLists[0]?.listId ?? '';
  const launchedBody = await creation(seed, records);
  const launched = payloadOf(
    await callOperation(campaignOps.createCampaign, { token, body: launchedBody }),
    'launched campaign',
  );
  const notStartedBody = await creation(seed, records, 'Walk details');
  const notStarted = payloadOf(
    await callOperation(campaignOps.createCampaign, {
      token,
      body: { ...notStartedBody, foundCompanyInfo: undefined, foundEmailsInfo: undefined },
    }),
    'campaign not started',
  );
  return {
    ...records,
    launched: launched.bgCampaignId,
    notStarted: { bgCampaignId: notStarted.bgCampaignId, beeswaxCampaignId: notStarted.beeswaxCampaignId },
  };
}

/** The calls the walk sends, each with a request that gets through to the vendors. */
export function walkTargets(seed: WalkSeed, records: WalkRecords): WalkTarget[] {
  const { token, demoToken, advertiserId } = seed;
  const events = realtimeEventsByName;
  const user = () => seed.sockets.user;
  const demo = () => seed.sockets.demo;
  const rest = (
    op: AnyOperation,
    base: () => unknown,
    options: { fresh?: boolean; pool?: number; token?: string } = {},
  ) =>
    ({
      name: op.name,
      schema: op.body as z.ZodMiniType,
      base: async () => base(),
      fresh: options.fresh ?? false,
      pool: options.pool ?? 4,
      send: restSender(op, options.token ?? token),
    }) satisfies WalkTarget;
  const realtime = (
    event: RealtimeEventDef,
    base: () => unknown,
    options: { fresh?: boolean; pool?: number; socket?: () => TestSocket } = {},
  ) =>
    ({
      name: `${event.name} (realtime)`,
      schema: event.request as z.ZodMiniType,
      base: async () => base(),
      fresh: options.fresh ?? false,
      pool: options.pool ?? 4,
      send: realtimeSender(event, options.socket ?? user),
      keep: ['reqID'],
    }) satisfies WalkTarget;

  const advertiserBody = () => ({
    name: 'Walk Advertiser',
    phone: '+1 512 555 0100',
    address_1: '1 Walk St',
    address_2: 'Suite 2',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    domain: 'walk.example.com',
  });
  const listBody = () => ({ bgAdvertiserId: advertiserId, listName: 'Walk list', domains: ['walk-news.example.com'] });
  const listUpdate = () => ({
    bgAdvertiserId: advertiserId,
    beeswaxListId: records.domainList.beeswaxListId,
    domainListId: records.domainList.domainListId,
    listName: records.domainList.name,
    domainsToUpdate: records.domainList.items.map((item) => ({ ...item, active: true })),
    domainsToAdd: ['walk-added.example.com'],
  });
  const targetingChange = async () => {
    const edit = await callOperation(campaignOps.getCampaignTargetingEdit, { token, params: { id: records.launched } });
    const { revision, targeting } = payloadOf(edit, 'targeting editor');
    return {
      bgCampaignId: records.launched,
      revision,
      addDomains: [],
      removeLineItemIds: [],
      layers: {
        targetingInfo: { ...targeting, geo_zip: ['78701'] },
        publicDomainLists: [records.publicList],
        foundEmailsInfo: { emailsToHash: [{ domain: 'fuzz.example', emails: ['walk@fuzz.example'] }], fromFile: false },
      },
    };
  };
  const search = () => ({ bgAdvertiserId: HUBSPOT_ADVERTISER, filters: TIER_FILTERS, after: '0', numberResults: 100 });
  const details = () => ({
    bgCampaignId: records.notStarted.bgCampaignId,
    beeswaxCampaignId: records.notStarted.beeswaxCampaignId,
    updateBody: {
      name: 'Walk details',
      description: 'Walked',
      daily_budget: 50,
      campaign_budget: 1000,
      max_bid: 10,
      start_date: dayOffset(2),
      end_date: dayOffset(22),
      active: false,
      maxCompanies: null,
      showInHubspot: false,
      isVideoCampaign: false,
    },
  });

  return [
    rest(advertiserOps.createAdvertiser, advertiserBody),
    rest(campaignOps.createCampaign, () => creation(seed, records), { fresh: true }),
    realtime(events.createCampaign, () => creation(seed, records), { fresh: true }),
    rest(campaignOps.updateCampaignDetails, details, { pool: 1 }),
    rest(campaignOps.updateCampaignStatus, () => ({ ...records.notStarted, updateBody: { active: false } }), {
      pool: 1,
    }),
    rest(lineItemOps.updateLineItemStatus, () => ({ beeswaxLineItemId: seed.lineItemIds[0], active: true }), {
      pool: 1,
    }),
    realtime(events.updateCampaignTargeting, targetingChange, { fresh: true, pool: 1 }),
    rest(domainListOps.createDomainList, listBody),
    realtime(events.createNewDomainList, listBody),
    realtime(events.updateDomainList, listUpdate, { pool: 1 }),
    rest(segmentOps.createSegment, () => ({ name: 'Walk visitors', description: 'Walked', advertiserId })),
    rest(segmentOps.createEmailSegment, () => ({
      advertiserId,
      name: 'Walk e-mails',
      emailsToHash: [{ domain: 'fuzz.example', emails: ['walk@fuzz.example'] }],
    })),
    rest(
      creativeOps.updateCreativesLandingPage,
      () => ({
        adGroupId: seed.adGroupId,
        landingPage: 'https://fuzz.example/landing',
      }),
      { pool: 1 },
    ),
    rest(
      payments.saveAdvertiserCard,
      async () => ({
        bgAdvertiserId: advertiserId,
        billingEmail: 'billing@fuzz.example',
        friendlyName: 'Walk Visa',
        method: await confirmedCard(token, advertiserId),
      }),
      { fresh: true, pool: 2 },
    ),
    rest(campaignOps.matchCsvCompanies, () => ({ csvCompanies: MATCHED_DOMAINS })),
    realtime(events.getCSVKickfireMatches, () => ({ domains: MATCHED_DOMAINS })),
    rest(crm.searchHubspotCompanies, search, { token: demoToken, pool: 2 }),
    realtime(events.getTargetedCompanies, search, { socket: demo, pool: 2 }),
    rest(
      crm.listHubspotCompaniesByLists,
      () => ({ bgAdvertiserId: HUBSPOT_ADVERTISER, hubspotListIds: [records.hubspotCompanyList] }),
      { token: demoToken, pool: 2 },
    ),
    realtime(
      events.getCompaniesFromList,
      () => ({ bgAdvertiserId: HUBSPOT_ADVERTISER, hubspotListId: records.hubspotCompanyList }),
      { socket: demo, pool: 2 },
    ),
    realtime(
      events.getContactsFromList,
      () => ({ bgAdvertiserId: HUBSPOT_ADVERTISER, hubspotListId: records.hubspotContactList }),
      { socket: demo, pool: 2 },
    ),
  ];
}

/** One request of the walk: the field and edge it carries, and what came back. */
export interface WalkOutcome {
  readonly path: string;
  readonly edge: string;
  readonly status: number;
  readonly text: string;
}

const shortText = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 60)}... (${text.length} characters)` : text;
};

/**
 * Sends every boundary case of a target: a case the schema refuses goes on the shared base (the
 * server refuses it before anything else), a case it takes on a base of its own when the target says
 * so (`fresh`), with the edge set again on it.
 */
export async function walk(target: WalkTarget): Promise<WalkOutcome[]> {
  const shared = await target.base();
  return inPool(
    boundaryCases(target.schema, shared)
      .filter((boundary) => !target.keep?.includes(boundary.path.join('.')))
      .map((boundary) => async () => {
        const taken = target.schema.safeParse(boundary.value).success;
        const request =
          taken && target.fresh ? setAt(await target.base(), boundary.path, boundary.edge) : boundary.value;
        // No reply at all (a realtime call that never answers) is a failure of its own: status 0.
        const reply = await target.send(request).catch((error: unknown) => ({
          status: 0,
          text: `no reply: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
        }));
        return { path: boundary.path.join('.'), edge: shortText(boundary.edge), ...reply };
      }),
    target.pool,
  );
}
