import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaign as campaignOps } from '@bidgrid/shared';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import { CREATE_CAMPAIGN_MESSAGES } from '@bidgrid/lambdas/domain/campaigns/create-campaign-request.use-case';
import { TARGETING_CHANGE_MESSAGES } from '@bidgrid/lambdas/domain/campaigns/change-campaign-targeting.use-case';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../../support/api';
import { bidderRows, bidderSegmentsOf, bidderSession, partitionItems } from '../../support/local-data';
import { open } from '../../support/realtime';
import { stackInfo } from '../../support/stack';
import { creationPayload, launchedCampaign, targetingEditorOf } from '../campaigns.fixtures';
import { startFaultStack, type FaultStack } from './fault-stack';

// Issue 16, faults: the bidder failing (5xx) or timing out at each step of a campaign's creation and
// of a targeting change, on a stack of these tests' own (bidder timeout 1 s, uploads 3 s, lease 4 s);
// and that stack killed during a creation and started again. After each: nothing at the bidder,
// nothing in the tables a user sees, and the user told, in words, that nothing was made.

const { createCampaign, getCampaign, listCampaignsByAdvertiser, matchCsvCompanies } = campaignOps;

const AGENCY = 'bgAgency-demo';
const ACME = 'bgAdvertiser-demo-acme';
const IRONBRIDGE = 'ironbridgemanufacturing.com';
const REDWOOD = 'redwoodclinicallabs.com';
const SAPPHIRE = 'sapphiretelecom.com';
const DOMAINS = [IRONBRIDGE, REDWOOD, SAPPHIRE];
const TEXAS = { country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' } as const;

let stack: FaultStack;

beforeAll(async () => {
  stack = await startFaultStack();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

afterEach(async () => {
  // Held (timed-out) requests are dropped with their faults.
  await fetch(`${stackInfo().simulators.bidder}/__faults`, { method: 'DELETE' });
  await fetch(`${stackInfo().simulators.bidder}/__hold`, { method: 'DELETE' });
});

/**
 * How the bidder fails a step: a 503, no answer at all (the request never done), or the request done
 * and its answer lost (the client times out not knowing the bidder made it).
 */
type TFault = 'error 5xx' | 'timeout' | 'lost reply';

/**
 * Makes the bidder fail a step for good: a 503 or no answer at all (the client gives up after its
 * timeout). Calls the client sends again (reads, updates, uploads to an id) fail on every attempt of
 * each of the step's `calls`; a create is never sent again after a 5xx or a timeout (it may have
 * happened), so once is enough.
 */
async function failStep(
  step: { method: string; path: string; retried: boolean; calls?: number },
  fault: TFault,
): Promise<void> {
  const res = await fetch(`${stackInfo().simulators.bidder}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      method: step.method,
      path: step.path,
      times: step.retried ? 5 * (step.calls ?? 1) : 1,
      ...(fault === 'timeout' ? { timeout: true } : fault === 'lost reply' ? { lostReply: true } : { status: 503 }),
    }),
  });
  if (res.status !== 201) throw new Error(`fault not accepted: ${res.status}`);
}

/** Rows of any bidder entity whose fields equal `filters` (the simulator's local `/__rows` search). */
async function bidderEntities(entity: string, filters: Record<string, string>): Promise<unknown[]> {
  const res = await fetch(`${stackInfo().simulators.bidder}/__rows/${entity}?${new URLSearchParams(filters)}`);
  if (res.status !== 200) throw new Error(`no rows of ${entity}: ${res.status}`);
  return (await res.json()) as unknown[];
}

/** Everything the bidder holds that a creation of `bgCampaignId` over `domains` makes. */
async function atBidder(bgCampaignId: string, domains: readonly string[] = DOMAINS) {
  const ours = (suffix: string) => ({ alternative_id: `${bgCampaignId}:${suffix}` });
  const perDomain = async (entity: string) =>
    (await Promise.all(domains.map((d) => bidderEntities(entity, ours(d))))).flat();
  return {
    campaigns: await bidderRows('campaign', { alternative_id: bgCampaignId }),
    conversionEvents: await bidderEntities('event', { alternative_id: bgCampaignId }),
    lineItems: await perDomain('line_item'),
    targetingExpressions: await perDomain('targeting_expression'),
    segments: await bidderSegmentsOf(`${bgCampaignId}:emails`),
  };
}

const NOTHING_AT_BIDDER = {
  campaigns: [],
  conversionEvents: [],
  lineItems: [],
  targetingExpressions: [],
  segments: [],
};

/** What the tables hold of a campaign: its line items, its claim, the CRM e-mail segment it made. */
async function inTables(bgCampaignId: string) {
  const segments = await partitionItems(`AGENCY#${AGENCY}#ADV#${ACME}`, 'SEG#');
  const claims = await partitionItems(`AGENCY#${AGENCY}`, `CREATING#${bgCampaignId}`);
  return {
    lineItems: await partitionItems(`AGENCY#${AGENCY}#CAMP#${bgCampaignId}`, 'LI#'),
    claims,
    emailSegments: segments.filter((item) => item['bgCampaignId'] === bgCampaignId),
  };
}

/** What a user can see of a campaign: its page (404 when absent) and whether the dashboard lists it. */
async function shown(token: string, bgCampaignId: string) {
  const page = await callOperationUnchecked(getCampaign, { token, params: { id: bgCampaignId } });
  const listed = await callOperation(listCampaignsByAdvertiser, {
    token,
    params: { advertiserId: ACME },
    query: { limit: 100 },
  });
  return {
    page: page.status,
    listed: (listed.body.payload ?? []).some((c) => c.bgCampaignId === bgCampaignId),
  };
}

/** The wizard's payload: three matched companies in Texas and a ZIP, a creative, two CRM e-mails. */
async function payload(token: string): Promise<TCampaignCreate & { bgCampaignId: `bg-campaign-${string}` }> {
  const matched = await callOperation(matchCsvCompanies, { token, body: { csvCompanies: DOMAINS } });
  return creationPayload(token, 'fault', {
    advertiserId: ACME,
    maxBid: 12,
    description: 'Made by the fault tests',
    name: 'Faulty ABM',
    targetingInfo: { geo_state: [TEXAS], geo_zip: ['73301'] },
    foundCompanyInfo: { companies: matched.body.payload?.uniqueSegments ?? [], fromFile: true },
    foundEmailsInfo: {
      emailsToHash: [{ domain: 'general', emails: ['ann@acme.example', 'bob@other.example'] }],
      fromFile: true,
    },
    campaignType: 'managed',
  });
}

/**
 * Every bidder call of a creation, in the order the creation makes them (`createCampaign`, its
 * layers and `createLineItem`): held by the first test against what a whole creation really calls.
 */
const CREATION_STEPS = [
  { step: 'the CRM e-mail segment', method: 'POST', path: '/rest/segment', retried: false },
  { step: "the segment's key", method: 'GET', path: '/rest/segment/:id', retried: true },
  { step: "the segment's upload", method: 'POST', path: '/rest/segment_upload', retried: false },
  { step: "the upload's file", method: 'POST', path: '/rest/segment_upload/upload/:id', retried: true },
  { step: "the upload's progress", method: 'GET', path: '/rest/segment_upload/:id', retried: true },
  { step: 'the campaign', method: 'POST', path: '/rest/v2/campaigns', retried: false, lostReply: true },
  { step: 'the conversion event', method: 'POST', path: '/rest/event', retried: false },
  { step: "the conversion event's tag", method: 'GET', path: '/rest/event_tag/:id', retried: true },
  { step: 'a targeting expression', method: 'POST', path: '/rest/v2/targeting-expressions', retried: false },
  { step: 'a line item', method: 'POST', path: '/rest/v2/line-items', retried: false, lostReply: true },
  { step: 'a creative link', method: 'POST', path: '/rest/creative_line_item', retried: false },
  // Three line items switched on at once: each gets its five attempts.
  { step: 'switching a line item on', method: 'PATCH', path: '/rest/v2/line-items/:id', retried: true, calls: 3 },
] as const;

/** The bidder routes (method and pattern) answered between two counts of the recorded replies. */
function routesCalled(from: number): string[] {
  const replies = stack.bidderReplies().slice(from);
  return [...new Set(replies.filter((r) => r.pattern !== null).map((r) => `${r.method} ${r.pattern}`))].sort();
}

describe('the bidder failing or timing out at each step of a campaign creation', () => {
  it('the table holds every bidder call a whole creation makes', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const body = await payload(token);
    const before = stack.bidderReplies().length;

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess: sign-in aside, the calls are the table's.
    expect(reply.status).toBe(200);
    const calls = routesCalled(before).filter((route) => !route.includes('authenticate'));
    expect(calls).toEqual([...new Set(CREATION_STEPS.map((s) => `${s.method} ${s.path}`))].sort());
  });

  // A lost reply only where the bidder lists what it made by our id (campaigns, their line items).
  const cases = CREATION_STEPS.flatMap((step) =>
    (['error 5xx', 'timeout', 'lost reply'] as const)
      .filter((fault) => fault !== 'lost reply' || ('lostReply' in step && step.lostReply))
      .map((fault) => ({ ...step, fault })),
  );
  it.each(cases)(
    'leaves nothing when $step fails ($fault), and says nothing was made',
    async (step) => {
      // Prepare: 5xx and lost replies over REST, timeouts over the realtime API (both ways in, each step).
      const token = await accessTokenFor('demo');
      const body = await payload(token);
      await failStep(step, step.fault);

      // Act
      let status: number | undefined;
      let error: string | null | undefined;
      if (step.fault !== 'timeout') {
        const reply = await callOperationUnchecked(createCampaign, { token, body });
        status = reply.status;
        error = reply.body.error;
      } else {
        const socket = await open(token);
        try {
          const result = await socket.call('createCampaign', body, { timeoutMs: 28_000 });
          expect(result.reply).toMatchObject({ event: 'campaignCreationError', success: false });
          status = (result.reply as { status?: number }).status;
          error = (result.reply as { error?: string }).error;
        } finally {
          await socket.close();
        }
      }

      // Assess
      expect([status, error]).toEqual([502, CREATE_CAMPAIGN_MESSAGES.adServerFailed]);
      expect(await atBidder(body.bgCampaignId)).toEqual(NOTHING_AT_BIDDER);
      expect(await inTables(body.bgCampaignId)).toEqual({ lineItems: [], claims: [], emailSegments: [] });
      expect(await shown(token, body.bgCampaignId)).toEqual({ page: 404, listed: false });
    },
    30_000,
  );
});

/** A campaign of two companies in Texas, made whole (the change's starting point). */
const launched = (token: string): Promise<string> =>
  launchedCampaign(token, { kind: 'fault-edit', name: 'Faulty edits', description: 'Made by the fault tests' });

/** The campaign's line items at the bidder (by our id): each one's state, budget and targeting modules. */
async function campaignAtBidder(id: string) {
  const cookie = await bidderSession();
  const lineItems = await Promise.all(
    DOMAINS.map(async (domain) => {
      const [lineItem] = await bidderRows('line_item', { alternative_id: `${id}:${domain}` });
      if (!lineItem) return [domain, null] as const;
      const res = await fetch(
        `${stackInfo().simulators.bidder}/rest/v2/targeting-expressions/${String(lineItem['targeting_expression_id'])}`,
        { headers: { cookie } },
      );
      const expression = (await res.json()) as { modules: unknown };
      return [
        domain,
        { active: lineItem['active'], budget: lineItem['spend_budget'], modules: expression.modules },
      ] as const;
    }),
  );
  return Object.fromEntries(lineItems);
}

/**
 * Every bidder call of the change below, in its order: the removed company switched off, the added
 * one made (its targeting, the line item, its creative link, switched on), the kept one re-targeted
 * (read, its targeting read and replaced). ZIPs go into the targeting itself: no list is made.
 */
const CHANGE_STEPS = [
  { step: 'switching the removed company off', method: 'PATCH', path: '/rest/v2/line-items/:id', retried: true },
  { step: "the new line item's targeting", method: 'POST', path: '/rest/v2/targeting-expressions', retried: false },
  { step: 'the new line item', method: 'POST', path: '/rest/v2/line-items', retried: false },
  { step: "the new line item's creative link", method: 'POST', path: '/rest/creative_line_item', retried: false },
  { step: 'reading a kept line item', method: 'GET', path: '/rest/v2/line-items/:id', retried: true },
  {
    step: "reading a kept line item's targeting",
    method: 'GET',
    path: '/rest/v2/targeting-expressions/:id',
    retried: true,
  },
  {
    step: "replacing a kept line item's targeting",
    method: 'PATCH',
    path: '/rest/v2/targeting-expressions/:id',
    retried: true,
  },
] as const;

describe('the bidder failing or timing out at each step of a targeting change (updateCampaignTargeting)', () => {
  /** The change: Sapphire added, Redwood removed, a ZIP added to Texas (every line item re-targeted). */
  const change = (id: string, revision: number, redwood: number | undefined) => ({
    bgCampaignId: id,
    revision,
    addDomains: [SAPPHIRE],
    removeLineItemIds: [redwood],
    layers: { targetingInfo: { geo_state: [TEXAS], geo_zip: ['73301'] } },
  });

  it('the table holds every bidder call the change makes', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const id = await launched(token);
    const before = await targetingEditorOf(token, id);
    const redwood = before.companies.find((c) => c.domain === REDWOOD)?.beeswaxLineItemId;
    const from = stack.bidderReplies().length;
    const socket = await open(token);

    try {
      // Act
      const result = await socket.call('updateCampaignTargeting', change(id, before.revision, redwood), {
        timeoutMs: 28_000,
      });

      // Assess: what the change calls before it stores (the removed line item's deletion comes after).
      expect(result.reply).toMatchObject({ event: 'campaignTargetingUpdated', success: true });
    } finally {
      await socket.close();
    }
    const calls = routesCalled(from).filter((route) => !route.includes('authenticate') && !route.startsWith('DELETE'));
    expect(calls).toEqual([...new Set(CHANGE_STEPS.map((s) => `${s.method} ${s.path}`))].sort());
  });

  const cases = CHANGE_STEPS.flatMap((step) =>
    (['error 5xx', 'timeout'] as const).map((fault) => ({ ...step, fault })),
  );
  it.each(cases)(
    'changes nothing when $step fails ($fault), and says nothing was changed',
    async (step) => {
      // Prepare
      const token = await accessTokenFor('demo');
      const id = await launched(token);
      const before = await targetingEditorOf(token, id);
      const bidderBefore = await campaignAtBidder(id);
      const redwood = before.companies.find((c) => c.domain === REDWOOD)?.beeswaxLineItemId;
      await failStep(step, step.fault);
      const socket = await open(token);

      try {
        // Act
        const result = await socket.call('updateCampaignTargeting', change(id, before.revision, redwood), {
          timeoutMs: 28_000,
        });

        // Assess
        expect(result.reply).toMatchObject({
          event: 'campaignTargetingUpdateError',
          success: false,
          status: 502,
          error: TARGETING_CHANGE_MESSAGES.adServerFailed,
        });
      } finally {
        await socket.close();
      }
      await fetch(`${stackInfo().simulators.bidder}/__faults`, { method: 'DELETE' });
      expect(await campaignAtBidder(id)).toEqual(bidderBefore);
      expect(await targetingEditorOf(token, id)).toEqual(before);
    },
    30_000,
  );
});

/** Waits for `probe` to give a value (polled every 50 ms), or fails with `what` after `timeoutMs`. */
async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the local stack killed during a campaign creation and started again', () => {
  it('undoes the interrupted creation (nothing at the bidder or in the tables), and the id makes the campaign on a retry', async () => {
    // Prepare: the bidder holds every request; each is let through one at a time until the creation
    // has journaled its campaign and conversion event, then none is, so the creation is certainly
    // under way at the bidder (its campaign made, its line items not) when the stack dies.
    const token = await accessTokenFor('demo');
    const body = await payload(token);
    const bidder = () => stackInfo().simulators.bidder;
    const claimOf = async () =>
      (await partitionItems(`AGENCY#${AGENCY}`, `CREATING#${body.bgCampaignId}`))[0] as
        { beeswaxCampaignId?: number; conversionEventId?: number; leaseUntilMs: number } | undefined;
    await fetch(`${bidder()}/__hold`, { method: 'POST' });
    let settled: string | undefined;
    const creation = callOperationUnchecked(createCampaign, { token, body }).then(
      (reply) => (settled = `answered ${reply.status}`),
      (error: unknown) => (settled = `no answer (${error instanceof Error ? error.message : String(error)})`),
    );
    const journal = await until(
      async () => {
        const claim = await claimOf();
        if (claim?.conversionEventId !== undefined) return claim;
        const { waiting } = (await (await fetch(`${bidder()}/__hold`)).json()) as { waiting: number };
        if (waiting > 0) {
          await fetch(`${bidder()}/__release`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ count: 1 }),
          });
        }
        return undefined;
      },
      20_000,
      'the creation to journal its campaign and conversion event',
    );
    // The bidder's state reaches its file within a second (write-behind): the restarted bidder keeps it.
    await until(
      async () => (stack.bidderStateOnDisk().includes(`"event_id":${journal.conversionEventId}`) ? true : undefined),
      5_000,
      "the bidder's state on disk",
    );
    expect(settled).toBeUndefined();

    // Act
    await stack.killAndRestart();
    // The restarted pool answers on another port: its tokens name that issuer.
    const signedInAgain = await accessTokenFor('demo');
    const restartedAt = performance.now();
    await creation;
    const madeBeforeTheKill = await bidderRows('campaign', { alternative_id: body.bgCampaignId });
    await until(
      async () => {
        await fetch(`${stackInfo().apiUrl}/__local/jobs/creation-recovery`, { method: 'POST' });
        return (await claimOf()) === undefined ? true : undefined;
      },
      30_000,
      'the recovery to undo the interrupted creation',
    );
    const undoneInMs = performance.now() - restartedAt;

    // Assess: the user's request got no answer; after the restart nothing of it is left anywhere.
    expect(settled).toMatch(/^no answer/);
    expect(madeBeforeTheKill.map((c) => c['id'])).toEqual([journal.beeswaxCampaignId]);
    expect(await atBidder(body.bgCampaignId)).toEqual(NOTHING_AT_BIDDER);
    expect(await inTables(body.bgCampaignId)).toEqual({ lineItems: [], claims: [], emailSegments: [] });
    expect(await shown(signedInAgain, body.bgCampaignId)).toEqual({ page: 404, listed: false });
    console.log(`interrupted creation undone ${undoneInMs} ms after the restart`);
    // The wizard's retry of the same id makes the campaign, once.
    const retry = await callOperation(createCampaign, { token: signedInAgain, body });
    expect(retry.status).toBe(200);
    const campaigns = await bidderRows('campaign', { alternative_id: body.bgCampaignId });
    expect(campaigns).toHaveLength(1);
    expect(await bidderRows('line_item', { campaign_id: String(campaigns[0]?.['id']) })).toHaveLength(3);
  }, 120_000);
});
