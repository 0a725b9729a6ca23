import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { campaign as campaignOps } from '@bidgrid/shared';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCampaignTargetingEdit } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { SeedCampaign } from '@bidgrid/local/seed/campaigns.seed';
import { callOperation } from '../support/api';
import { BIDDER_V2_RESOURCES, bidderSession, partitionItems } from '../support/local-data';
import { stackInfo } from '../support/stack';
import { applyLambdaEnvironment } from '../support/lambda-environment';
import { adGroupWithBanner, bidderAdvertiserId } from '../support/wizard-campaign';

/**
 * Fixtures of the campaign suites: campaigns of their own (unique ids, made through the same code
 * as the demo seed, at the stack's bidder simulator and in its tables), the report sync run through
 * the stack's job route, direct reads of the reports table, and a signed-in bidder session to check
 * what the handlers sent the bidder. Tests that change a campaign use their own; the seeded ones are
 * only read.
 */

let environmentSet = false;

/** Points this process's lambdas modules at the running stack (before any of them is imported). */
function useStackEnvironment(): void {
  if (environmentSet) return;
  const info = stackInfo();
  applyLambdaEnvironment(info);
  environmentSet = true;
}

/** Today as the handlers and the sync see it (UTC). */
export const todayUtc = (): string => now().toISOString().slice(0, 10);

/** `today` moved by `days`. */
export const dayOffset = (days: number, today = todayUtc()): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What a test sets of a creation payload: the advertiser, the name and the layers; the rest is usual. */
export type TCreationFields = Omit<
  TCampaignCreate,
  'bgCampaignId' | 'beeswaxCampaign' | 'bgAdvertiserId' | 'creativeIds' | 'max_bid' | 'isVideoCampaign'
> & { advertiserId: string; maxBid: number };

/**
 * The wizard's creation payload of a new display campaign under a fresh `bg-campaign-{kind}-…` id:
 * an ad group of one banner made under that id first (as the Ad Group step does), a budget of 100 a
 * day (3,000 in all) from tomorrow for 30 days, and the fields the test sets.
 */
export async function creationPayload(
  token: string,
  kind: string,
  fields: TCreationFields,
): Promise<TCampaignCreate & { bgCampaignId: `bg-campaign-${string}` }> {
  const { advertiserId, maxBid, ...rest } = fields;
  const bgCampaignId = `bg-campaign-${kind}-${randomUUID()}` as const;
  const { creativeId } = await adGroupWithBanner(token, bgCampaignId, advertiserId);
  return {
    bgCampaignId,
    beeswaxCampaign: {
      active: false,
      advertiser_id: await bidderAdvertiserId(token, advertiserId),
      budget_type: 2,
      campaign_budget: 3000,
      dailyBudget: 100,
      campaign_name: rest.name,
      start_date: dayOffset(1),
      end_date: dayOffset(31),
    },
    max_bid: maxBid,
    bgAdvertiserId: advertiserId as `bgAdvertiser-${string}`,
    creativeIds: [creativeId],
    isVideoCampaign: false,
    ...rest,
  };
}

/** Texas, as the wizard's State / Province step sends it. */
export const TEXAS = { country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' } as const;

/**
 * A new campaign of Acme's with two matched companies (Ironbridge and Redwood), in Texas unless `targetingInfo`
 * says otherwise, made through the creation call as the wizard makes it: the starting point of a targeting
 * change. `kind` goes into its id, `name` and `description` name it.
 */
export async function launchedCampaign(
  token: string,
  fields: { kind: string; name: string; description: string; targetingInfo?: Partial<TTargetingSelections> },
): Promise<string> {
  const matched = await callOperation(campaignOps.matchCsvCompanies, {
    token,
    body: { csvCompanies: ['ironbridgemanufacturing.com', 'redwoodclinicallabs.com'] },
  });
  const body = await creationPayload(token, fields.kind, {
    advertiserId: 'bgAdvertiser-demo-acme',
    maxBid: 12,
    description: fields.description,
    name: fields.name,
    targetingInfo: fields.targetingInfo ?? { geo_state: [TEXAS] },
    foundCompanyInfo: { companies: matched.body.payload?.uniqueSegments ?? [], fromFile: true },
    campaignType: 'managed',
  });
  const reply = await callOperation(campaignOps.createCampaign, { token, body });
  if (reply.status !== 200) throw new Error(`campaign not created: ${reply.status} ${JSON.stringify(reply.body)}`);
  return body.bgCampaignId;
}

/** The campaign's targeting editor as the web reads it (its layers, companies and revision). */
export async function targetingEditorOf(token: string, id: string): Promise<TCampaignTargetingEdit> {
  const reply = await callOperation(campaignOps.getCampaignTargetingEdit, { token, params: { id } });
  if (!reply.body.payload) throw new Error(`no targeting edit: ${reply.status}`);
  return reply.body.payload;
}

/** A test campaign of the demo agency's Acme advertiser; override what a test varies. */
export function testCampaign(overrides: Partial<SeedCampaign> = {}): SeedCampaign {
  return {
    id: `bg-campaign-it-${randomUUID()}`,
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    createdBy: 'demo',
    name: 'Integration test campaign',
    description: 'Made by a test',
    video: false,
    startDay: -20,
    endDay: 30,
    dailyBudget: 100,
    maxBid: 10,
    active: true,
    archived: false,
    campaignType: 'managed',
    companies: [
      { domain: 'ironbridgemanufacturing.com', fromFile: true },
      { domain: 'redwoodclinicallabs.com', hubspotCompanyId: '9100000999' },
      { domain: 'sapphiretelecom.com' },
    ],
    adGroupName: 'Test banners',
    creatives: [
      { name: 'Test - Medium Rectangle', width: 300, height: 250 },
      { name: 'Test - Leaderboard', width: 728, height: 90 },
    ],
    colors: [
      [20, 40, 80],
      [200, 120, 40],
    ],
    landingPage: 'https://acmerobotics.example/test',
    targeting: { geo_country: ['USA'], geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }] },
    ...overrides,
  };
}

/** Makes a campaign at the bidder and in the tables; `sync` also pulls its delivery so far. */
export async function makeCampaign(
  overrides: Partial<SeedCampaign> = {},
  options: { sync?: boolean } = {},
): Promise<SeedCampaign> {
  useStackEnvironment();
  const { createSeedCampaign, syncSeedCampaign } = await import('@bidgrid/local/seed/campaigns.seed');
  const campaign = testCampaign(overrides);
  if (!(await createSeedCampaign(campaign, todayUtc()))) throw new Error(`${campaign.id} exists`);
  if (options.sync) await syncSeedCampaign(campaign, todayUtc());
  return campaign;
}

/** Ids of a made campaign's ad group and creatives. */
export async function fixtureIds(campaign: SeedCampaign) {
  const { seedAdGroupId, seedCreativeId } = await import('@bidgrid/local/seed/campaigns.seed');
  return {
    adGroupId: seedAdGroupId(campaign.id),
    creativeIds: campaign.creatives.map((_, i) => seedCreativeId(campaign.id, i)),
  };
}

/** Runs the report sync job now through the stack's local job route; its summary. */
export async function runReportSync(): Promise<Record<string, unknown>> {
  const res = await fetch(`${stackInfo().apiUrl}/__local/jobs/report-sync`, { method: 'POST' });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: string };
  if (res.status !== 200 || !body.result) throw new Error(`report-sync failed: ${res.status} ${body.error ?? ''}`);
  return body.result;
}

/** Every item of a reports-table partition whose sort key starts with `prefix`, in key order. */
export async function reportItems(pk: string, prefix = 'DAY#'): Promise<Array<Record<string, unknown>>> {
  return partitionItems(pk, prefix, 'reports');
}

/** A signed-in call to the stack's bidder simulator (what the handlers sent it). */
export async function bidderCall<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; payload: T }> {
  const cookie = await bidderSession();
  const res = await fetch(`${stackInfo().simulators.bidder}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, payload: ((await res.json()) as { payload: T }).payload };
}

/**
 * One bidder row by entity and id: a v2 entity (`campaign`, `line_item`, ...) as its v2 read answers
 * it, or a 0.5 one (`creative`) from its envelope; undefined when the bidder has none.
 */
export async function bidderRow(entity: string, id: number): Promise<Record<string, unknown> | undefined> {
  const resource = (BIDDER_V2_RESOURCES as Record<string, string>)[entity];
  if (resource) {
    const res = await fetch(`${stackInfo().simulators.bidder}/rest/v2/${resource}/${id}`, {
      headers: { cookie: await bidderSession() },
    });
    return res.status === 404 ? undefined : ((await res.json()) as Record<string, unknown>);
  }
  const { payload } = await bidderCall<Array<Record<string, unknown>>>('GET', `/rest/${entity}/${id}`);
  return payload[0];
}

/** Makes the bidder simulator answer the next `times` matching requests with `status`. */
export async function injectBidderFault(fault: { method: string; path: string; status: number; times?: number }) {
  const res = await fetch(`${stackInfo().simulators.bidder}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body: { success: false, message: 'Injected by a test' }, ...fault }),
  });
  if (res.status !== 201) throw new Error(`fault not accepted: ${res.status}`);
}

/** Forgets injected faults. */
export async function clearBidderFaults(): Promise<void> {
  await fetch(`${stackInfo().simulators.bidder}/__faults`, { method: 'DELETE' });
}
