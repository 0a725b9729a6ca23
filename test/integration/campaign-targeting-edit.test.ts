import { afterEach, describe, expect, it } from 'vitest';
import { campaign as campaignOps, domainList } from '@bidgrid/shared';
import type { TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import { TARGETING_CHANGE_MESSAGES } from '../../lambdas/src/domain/campaigns/change-campaign-targeting.use-case';
import { accessTokenFor, callOperation } from '../support/api';
import { bidderRows, bidderSession } from '../support/local-data';
import { open } from '../support/realtime';
import { stackInfo } from '../support/stack';
import { clearBidderFaults, injectBidderFault, launchedCampaign, TEXAS, targetingEditorOf } from './campaigns.fixtures';

// Targeting that stays editable after launch (issue 12): the `updateCampaignTargeting` event over a
// real socket against the bidder simulator, and the editor's REST reads.

const { getCampaignTargetingEdit, getCampaignTargetingSelections } = campaignOps;
const { listCampaignActivity } = campaignOps;
const { listPublicDomainLists } = domainList;

const IRONBRIDGE = 'ironbridgemanufacturing.com';
const REDWOOD = 'redwoodclinicallabs.com';
const SAPPHIRE = 'sapphiretelecom.com';
const ONTARIO = { country_code_3: 'CAN', region_name: 'Ontario', key: 'CA-ON' } as const;

const demo = () => accessTokenFor('demo');

afterEach(async () => {
  await clearBidderFaults();
});

const EDIT_CAMPAIGN = { kind: 'edit', name: 'Editable ABM', description: 'Made by the targeting edit tests' };

/** The line item of a company at the bidder and its targeting modules (null when it has none). */
async function atBidder(bgCampaignId: string, domain: string) {
  const [lineItem] = await bidderRows('line_item', { alternative_id: `${bgCampaignId}:${domain}` });
  if (!lineItem) return null;
  const res = await fetch(
    `${stackInfo().simulators.bidder}/rest/v2/targeting-expressions/${String(lineItem['targeting_expression_id'])}`,
    { headers: { cookie: await bidderSession() } },
  );
  const expression = (await res.json()) as { modules: Record<string, unknown> };
  return { active: lineItem['active'], modules: JSON.stringify(expression.modules) };
}

/** The bidder's lists made for a campaign's split-list bids, with their items' bid multipliers (local control route). */
async function splitBidLists(
  bgCampaignId: string,
): Promise<Array<{ id: number; alternative_id: string | null; items: Record<string, number> }>> {
  const res = await fetch(`${stackInfo().simulators.bidder}/__lists`);
  const { lists } = (await res.json()) as { lists: Awaited<ReturnType<typeof splitBidLists>> };
  return lists.filter((list) => list.alternative_id === `${bgCampaignId}:split-bids`);
}

/** The domain lists a line item's targeting modules name. */
function domainListsOf(held: Awaited<ReturnType<typeof atBidder>>): number[] {
  const modules = JSON.parse(held?.modules ?? '{}') as {
    inventory?: { all: { domain_list: { any: Array<{ value: number }> } } };
  };
  return modules.inventory?.all.domain_list.any.map((term) => term.value) ?? [];
}

describe('targeting changes after launch (updateCampaignTargeting)', () => {
  it('adds and removes companies and changes the states and ZIPs of every line item, with progress and an activity entry', async () => {
    // Prepare
    const token = await demo();
    const id = await launchedCampaign(token, EDIT_CAMPAIGN);
    const before = await targetingEditorOf(token, id);
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
      const after = await targetingEditorOf(token, id);
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
    const id = await launchedCampaign(token, EDIT_CAMPAIGN);
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
      expect((await targetingEditorOf(token, id)).targeting).toMatchObject({ geo_state: [ONTARIO], geo_zip: [] });
    } finally {
      await socket.close();
    }
  });

  it('leaves nothing changed at the bidder or in the tables when the bidder fails part-way', async () => {
    // Prepare: re-targeting a kept line item fails, after a new one was made and a removed one switched off.
    const token = await demo();
    const id = await launchedCampaign(token, EDIT_CAMPAIGN);
    const before = await targetingEditorOf(token, id);
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
      expect(await bidderRows('line_item', { alternative_id: `${id}:${SAPPHIRE}` })).toEqual([]);
      expect(await atBidder(id, IRONBRIDGE)).toEqual(ironbridgeBefore);
      expect((await atBidder(id, REDWOOD))?.active).toBe(true);
      const after = await targetingEditorOf(token, id);
      expect(after).toEqual(before);
      const activity = await callOperation(listCampaignActivity, { token, params: { id } });
      expect(activity.body.payload).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  it('makes the split-bids list again on a change and deletes the one it replaced; a failed change keeps it', async () => {
    // Prepare: a campaign bidding on the split list's domains at $24 (Max Bid 12: 2x), its own bidder list.
    const token = await demo();
    const publicLists = (await callOperation(listPublicDomainLists, { token })).body.payload ?? [];
    const split = publicLists.find((l) => l.listType === 'SPLIT') as TPublicList;
    const bids = (cpmBid: number) =>
      split.domainLists.map((l) => ({ beeswaxListId: l.beeswaxListId, name: l.name, cpmBid }));
    const id = await launchedCampaign(token, {
      ...EDIT_CAMPAIGN,
      targetingInfo: { geo_state: [TEXAS], domain_list: bids(24) },
    });
    const [created, ...extra] = await splitBidLists(id);
    expect(extra).toEqual([]);
    expect(Object.values(created?.items ?? {})).toEqual(split.domainLists.map(() => 2));
    const socket = await open(token);

    try {
      // Act: the bids go to $36 (3x).
      const changed = await socket.call(
        'updateCampaignTargeting',
        { bgCampaignId: id, revision: 0, layers: { targetingInfo: { geo_state: [TEXAS], domain_list: bids(36) } } },
        { timeoutMs: 30_000 },
      );

      // Assess: one list of the campaign's at the bidder, the new one, which every line item targets.
      expect(changed.reply).toMatchObject({ event: 'campaignTargetingUpdated', success: true });
      const [current, ...left] = await splitBidLists(id);
      expect(left).toEqual([]);
      expect(current?.id).not.toBe(created?.id);
      expect(Object.values(current?.items ?? {})).toEqual(split.domainLists.map(() => 3));
      for (const domain of [IRONBRIDGE, REDWOOD]) {
        expect(domainListsOf(await atBidder(id, domain))).toContain(current?.id);
        expect(domainListsOf(await atBidder(id, domain))).not.toContain(created?.id);
      }

      // Act: a change that fails part-way (re-targeting a line item is refused).
      const ironbridgeBefore = await atBidder(id, IRONBRIDGE);
      await injectBidderFault({ method: 'PATCH', path: '/rest/v2/targeting-expressions/:id', status: 400, times: 1 });
      const failed = await socket.call(
        'updateCampaignTargeting',
        { bgCampaignId: id, revision: 1, layers: { targetingInfo: { geo_state: [TEXAS], domain_list: bids(48) } } },
        { timeoutMs: 30_000 },
      );

      // Assess: the list of the stored targeting stays as it was, and the line items target it still.
      expect(failed.reply).toMatchObject({ event: 'campaignTargetingUpdateError', success: false, status: 502 });
      expect(await splitBidLists(id)).toEqual([current]);
      expect(await atBidder(id, IRONBRIDGE)).toEqual(ironbridgeBefore);
      expect((await targetingEditorOf(token, id)).revision).toBe(1);
    } finally {
      await socket.close();
    }
  });

  it("answers 404 for another agency's campaign and 400 with field errors for bad input", async () => {
    // Prepare
    const token = await demo();
    const id = await launchedCampaign(token, EDIT_CAMPAIGN);
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
      expect((await targetingEditorOf(token, id)).revision).toBe(0);
    } finally {
      await rival.close();
      await socket.close();
    }
  });
});
