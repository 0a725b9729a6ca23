import { afterEach, describe, expect, it } from 'vitest';
import { campaign as campaignOps } from '@bidgrid/shared';
import type { TCampaignTargetingEdit } from '@bidgrid/shared/entities/campaign-targeting-change.schema';
import { TARGETING_CHANGE_MESSAGES } from '../../lambdas/src/domain/campaigns/change-campaign-targeting.use-case';
import { accessTokenFor, callOperation } from '../support/api';
import { bidderSession } from '../support/local-data';
import { open } from '../support/realtime';
import { stackInfo } from '../support/stack';
import { clearBidderFaults, creationPayload, injectBidderFault } from './campaigns.fixtures';

// Targeting that stays editable after launch (issue 12): the `updateCampaignTargeting` event over a
// real socket against the bidder simulator, and the editor's REST reads.

const { createCampaign, matchCsvCompanies, getCampaignTargetingEdit, getCampaignTargetingSelections } = campaignOps;
const { listCampaignActivity } = campaignOps;

const ACME = 'bgAdvertiser-demo-acme';
const IRONBRIDGE = 'ironbridgemanufacturing.com';
const REDWOOD = 'redwoodclinicallabs.com';
const SAPPHIRE = 'sapphiretelecom.com';
const TEXAS = { country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' } as const;
const ONTARIO = { country_code_3: 'CAN', region_name: 'Ontario', key: 'CA-ON' } as const;

const demo = () => accessTokenFor('demo');

afterEach(async () => {
  await clearBidderFaults();
});

/** A new Acme campaign of two matched companies in Texas, made as the wizard makes it. */
async function launchedCampaign(token: string): Promise<string> {
  const matched = await callOperation(matchCsvCompanies, { token, body: { csvCompanies: [IRONBRIDGE, REDWOOD] } });
  const body = await creationPayload(token, 'edit', {
    advertiserId: ACME,
    maxBid: 12,
    description: 'Made by the targeting edit tests',
    name: 'Editable ABM',
    targetingInfo: { geo_state: [TEXAS] },
    foundCompanyInfo: { companies: matched.body.payload?.uniqueSegments ?? [], fromFile: true },
    campaignType: 'managed',
  });
  const reply = await callOperation(createCampaign, { token, body });
  if (reply.status !== 200) throw new Error(`campaign not created: ${reply.status} ${JSON.stringify(reply.body)}`);
  return body.bgCampaignId;
}

async function editorOf(token: string, id: string): Promise<TCampaignTargetingEdit> {
  const reply = await callOperation(getCampaignTargetingEdit, { token, params: { id } });
  if (!reply.body.payload) throw new Error(`no targeting edit: ${reply.status}`);
  return reply.body.payload;
}

/** A v2 list filtered by `alternative_id`, as the bidder answers it. */
async function listV2(resource: string, alternativeId: string): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(
    `${stackInfo().simulators.bidder}/rest/v2/${resource}?alternative_id=${encodeURIComponent(alternativeId)}`,
    { headers: { cookie: await bidderSession() } },
  );
  return ((await res.json()) as { results: Array<Record<string, unknown>> }).results;
}

/** The line item of a company at the bidder and its targeting modules (null when it has none). */
async function atBidder(bgCampaignId: string, domain: string) {
  const [lineItem] = await listV2('line-items', `${bgCampaignId}:${domain}`);
  if (!lineItem) return null;
  const res = await fetch(
    `${stackInfo().simulators.bidder}/rest/v2/targeting-expressions/${String(lineItem['targeting_expression_id'])}`,
    { headers: { cookie: await bidderSession() } },
  );
  const expression = (await res.json()) as { modules: Record<string, unknown> };
  return { active: lineItem['active'], modules: JSON.stringify(expression.modules) };
}

describe('targeting changes after launch (updateCampaignTargeting)', () => {
  it('adds and removes companies and changes the states and ZIPs of every line item, with progress and an activity entry', async () => {
    // Prepare
    const token = await demo();
    const id = await launchedCampaign(token);
    const before = await editorOf(token, id);
    const redwood = before.companies.find((c) => c.domain === REDWOOD);
    const socket = await open(token);

    try {
      // Act
      const result = await socket.call(
        'updateCampaignTargeting',
        {
          bgCampaignId: id,
          revision: before.revision,
          addDomains: [SAPPHIRE, 'nosuchcompany-zz.com'],
          removeLineItemIds: [redwood?.beeswaxLineItemId],
          layers: { targetingInfo: { geo_state: [ONTARIO], geo_zip: ['10001'] } },
        },
        { timeoutMs: 30_000 },
      );

      // Assess
      expect(result.reply).toMatchObject({ event: 'campaignTargetingUpdated', success: true });
      expect(result.payloads[0]).toMatchObject({
        revision: before.revision + 1,
        changed: true,
        added: [{ domain: SAPPHIRE }],
        removed: [{ domain: REDWOOD }],
        notAdded: [{ domain: 'nosuchcompany-zz.com' }],
        lineItemsUpdated: 1,
      });
      // One switched off, one made, one re-targeted.
      expect(result.progress.at(-1)).toEqual({ reqID: result.reply.reqID, done: 3, total: 3 });
      const sapphire = await atBidder(id, SAPPHIRE);
      const ironbridge = await atBidder(id, IRONBRIDGE);
      expect(sapphire?.active).toBe(true);
      for (const held of [sapphire, ironbridge]) {
        expect(held?.modules).toContain('CAN/ON');
        expect(held?.modules).toContain('USA/10001');
        expect(held?.modules).not.toContain('USA/TX');
        expect(held?.modules).toContain('ip_range');
      }
      expect(await atBidder(id, REDWOOD)).toBeNull();
      const after = await editorOf(token, id);
      expect(after.companies.map((c) => c.domain).sort()).toEqual([IRONBRIDGE, SAPPHIRE]);
      const panel = await callOperation(getCampaignTargetingSelections, { token, params: { id } });
      expect(panel.body.payload).toMatchObject({ geo_country: ['CAN'], geo_state: [ONTARIO], geo_zip: ['10001'] });
      const activity = await callOperation(listCampaignActivity, { token, params: { id } });
      expect(activity.body.payload).toEqual([
        expect.objectContaining({
          username: 'demo',
          addedCompanies: [{ domain: SAPPHIRE, name: expect.any(String) }],
          removedCompanies: [{ domain: REDWOOD, name: expect.any(String) }],
          layers: [
            { layer: 'geo_state', added: ['Ontario (CAN)'], removed: ['Texas (USA)'] },
            { layer: 'geo_zip', added: ['10001'], removed: [] },
          ],
        }),
      ]);
    } finally {
      await socket.close();
    }
  });

  it('refuses a change planned on a revision someone changed meanwhile (409), keeping the first change', async () => {
    // Prepare
    const token = await demo();
    const id = await launchedCampaign(token);
    const socket = await open(token);

    try {
      // Act
      const first = await socket.call('updateCampaignTargeting', {
        bgCampaignId: id,
        revision: 0,
        layers: { targetingInfo: { geo_state: [ONTARIO] } },
      });
      const second = await socket.call('updateCampaignTargeting', {
        bgCampaignId: id,
        revision: 0,
        layers: { targetingInfo: { geo_zip: ['10001'] } },
      });

      // Assess
      expect(first.reply).toMatchObject({ success: true });
      expect(second.reply).toMatchObject({
        event: 'campaignTargetingUpdateError',
        success: false,
        status: 409,
        error: TARGETING_CHANGE_MESSAGES.changedMeanwhile,
      });
      expect((await editorOf(token, id)).targeting).toMatchObject({ geo_state: [ONTARIO], geo_zip: [] });
    } finally {
      await socket.close();
    }
  });

  it('leaves nothing changed at the bidder or in the tables when the bidder fails part-way', async () => {
    // Prepare: re-targeting a kept line item fails, after a new one was made and a removed one switched off.
    const token = await demo();
    const id = await launchedCampaign(token);
    const before = await editorOf(token, id);
    const redwood = before.companies.find((c) => c.domain === REDWOOD);
    const ironbridgeBefore = await atBidder(id, IRONBRIDGE);
    await injectBidderFault({ method: 'PATCH', path: '/rest/v2/targeting-expressions/:id', status: 400, times: 1 });
    const socket = await open(token);

    try {
      // Act
      const result = await socket.call(
        'updateCampaignTargeting',
        {
          bgCampaignId: id,
          revision: 0,
          addDomains: [SAPPHIRE],
          removeLineItemIds: [redwood?.beeswaxLineItemId],
          layers: { targetingInfo: { geo_state: [ONTARIO] } },
        },
        { timeoutMs: 30_000 },
      );

      // Assess
      expect(result.reply).toMatchObject({ event: 'campaignTargetingUpdateError', success: false, status: 502 });
      expect(await listV2('line-items', `${id}:${SAPPHIRE}`)).toEqual([]);
      expect(await atBidder(id, IRONBRIDGE)).toEqual(ironbridgeBefore);
      expect((await atBidder(id, REDWOOD))?.active).toBe(true);
      const after = await editorOf(token, id);
      expect(after).toEqual(before);
      const activity = await callOperation(listCampaignActivity, { token, params: { id } });
      expect(activity.body.payload).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  it("answers 404 for another agency's campaign and 400 with field errors for bad input", async () => {
    // Prepare
    const token = await demo();
    const id = await launchedCampaign(token);
    const rival = await open(await accessTokenFor('rival'));
    const socket = await open(token);

    try {
      // Act
      const taken = await rival.call('updateCampaignTargeting', {
        bgCampaignId: id,
        revision: 0,
        layers: { targetingInfo: { geo_zip: ['10001'] } },
      });
      const bad = await socket.call('updateCampaignTargeting', { bgCampaignId: id, revision: -1, addDomains: [''] });
      const rest = await callOperation(getCampaignTargetingEdit, {
        token: await accessTokenFor('rival'),
        params: { id },
      });

      // Assess
      expect(taken.reply).toMatchObject({ event: 'campaignTargetingUpdateError', success: false, status: 404 });
      expect(bad.reply).toMatchObject({ event: 'campaignTargetingUpdateError', success: false, status: 400 });
      expect(Object.keys(bad.reply.fieldErrors ?? {}).sort()).toEqual(['addDomains.0', 'revision']);
      expect(rest.status).toBe(404);
      expect((await editorOf(token, id)).revision).toBe(0);
    } finally {
      await rival.close();
      await socket.close();
    }
  });
});
