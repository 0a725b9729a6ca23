import { describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { BadRequestError } from '../../kernel/errors';
import type { TLayerRequest } from '../campaigns/targeting-layers';
import {
  crmEmailsLayer,
  crmEmailsUndo,
  RETARGETING_FIELD,
  retargetingSegmentsLayer,
  unknownSegmentsMessage,
} from './retargeting-layers';
import { makeSegment } from './segments.use-case';
import { segmentWorld } from './test-segment-fakes';

const DEMO = 'bgAgency-demo';

function request(w: ReturnType<typeof segmentWorld>, overrides: Partial<TLayerRequest> = {}): TLayerRequest {
  return {
    agencyId: DEMO,
    username: 'demo',
    advertiser: w.advertiser,
    bgCampaignId: 'bg-campaign-1',
    campaignName: 'Winter ABM',
    maxBid: 25,
    targeting: ZTargetingSelections.parse({}),
    publicDomainLists: [],
    foundEmailsInfo: undefined,
    ...overrides,
  };
}

describe('retargetingSegmentsLayer', () => {
  it("turns the advertiser's segment keys into one audience group (a person in any of them), named", async () => {
    // Prepare
    const w = segmentWorld();
    const a = await makeSegment(DEMO, w.advertiser, { name: 'a', description: '', ourId: 'a' }, w.deps);
    const b = await makeSegment(DEMO, w.advertiser, { name: 'b', description: '', ourId: 'b' }, w.deps);
    const layer = retargetingSegmentsLayer({ segments: w.store.repo });
    const targeting = ZTargetingSelections.parse({
      retargeting_segments: [
        { segment_key: a.segment_key },
        { segment_key: b.segment_key },
        { segment_key: a.segment_key },
      ],
    });

    // Act
    const plan = await layer(request(w, { targeting }));

    // Assess
    expect(plan).toEqual({
      targeting: { audiences: [['buzz-1', 'buzz-2']] },
      // Stored with their names, for the targeting panel.
      selections: {
        retargeting_segments: [
          { segment_key: 'buzz-1', segment_name: 'a' },
          { segment_key: 'buzz-2', segment_name: 'b' },
        ],
      },
    });
  });

  it("refuses keys that are not the advertiser's (another agency's included) with a field error", async () => {
    // Prepare
    const w = segmentWorld();
    const mine = await makeSegment(DEMO, w.advertiser, { name: 'a', description: '', ourId: 'a' }, w.deps);
    await w.store.repo.putNewSegment('bgAgency-rival', { ...mine, segment_key: 'rival-7' });
    const layer = retargetingSegmentsLayer({ segments: w.store.repo });
    const targeting = ZTargetingSelections.parse({
      retargeting_segments: [{ segment_key: mine.segment_key }, { segment_key: 'rival-7' }, { segment_key: 'nope' }],
    });

    // Act
    const plan = layer(request(w, { targeting }));

    // Assess
    await expect(plan).rejects.toBeInstanceOf(BadRequestError);
    await expect(plan).rejects.toMatchObject({
      fieldErrors: { [RETARGETING_FIELD]: [unknownSegmentsMessage(['rival-7', 'nope'])] },
    });
  });

  it('adds nothing when no segment is chosen', async () => {
    const w = segmentWorld();
    expect(await retargetingSegmentsLayer({ segments: w.store.repo })(request(w))).toEqual({ targeting: {} });
  });
});

describe('crmEmailsLayer', () => {
  const foundEmailsInfo = {
    emailsToHash: [
      { domain: 'acme.example', emails: ['ann@acme.example'] },
      { domain: 'general', emails: ['bob@other.example'] },
    ],
    fromFile: true,
  };

  it("cuts 'Hashed Emails for {name}' to the bidder's 255 characters for a campaign name of 255", async () => {
    // Prepare
    const w = segmentWorld();
    const campaignName = 'n'.repeat(255);
    const plan = await crmEmailsLayer(w.deps)(request(w, { foundEmailsInfo, campaignName }));

    // Act
    await plan.make?.();

    // Assess
    const made = w.bidder.segments.get(1);
    expect(made?.name).toBe(`Hashed Emails for ${campaignName}`.slice(0, 255));
    expect(made?.name).toHaveLength(255);
    expect(w.store.all()).toEqual([
      expect.objectContaining({ segment_description: `Hashed Emails for ${campaignName}` }),
    ]);
  });

  it("makes 'Hashed Emails for {campaign name}' with the e-mails at make time, its key one audience group", async () => {
    // Prepare
    const w = segmentWorld();
    const plan = await crmEmailsLayer(w.deps)(request(w, { foundEmailsInfo }));
    expect(w.bidder.segments.size).toBe(0);

    // Act
    const made = await plan.make?.();

    // Assess
    expect(plan.targeting).toEqual({});
    expect(made?.targeting).toEqual({ audiences: [['buzz-1']] });
    expect(w.bidder.segments.get(1)).toMatchObject({
      name: 'Hashed Emails for Winter ABM',
      ourId: 'bg-campaign-1:emails',
    });
    expect(w.bidder.emails.get(1)).toEqual(['ann@acme.example', 'bob@other.example']);
    expect(w.store.all()).toEqual([
      expect.objectContaining({
        segment_description: 'Hashed Emails for Winter ABM',
        bgCampaignId: 'bg-campaign-1',
      }),
    ]);
  });

  it('undo deletes the segment at the bidder and in the store', async () => {
    // Prepare
    const w = segmentWorld();
    const made = await (await crmEmailsLayer(w.deps)(request(w, { foundEmailsInfo }))).make?.();

    // Act
    await made?.undo();

    // Assess
    expect(w.bidder.segments.size).toBe(0);
    expect(w.store.all()).toEqual([]);
  });

  it('its trace undoes the segment after the request that made it died (the recovery), twice is fine', async () => {
    // Prepare
    const w = segmentWorld();
    const made = await (await crmEmailsLayer(w.deps)(request(w, { foundEmailsInfo }))).make?.();
    const undo = crmEmailsUndo(w.deps);

    // Act
    await undo(DEMO, made?.trace.ref ?? {});
    await undo(DEMO, made?.trace.ref ?? {});

    // Assess
    expect(made?.trace.layer).toBe('crmEmails');
    expect(w.bidder.segments.size).toBe(0);
    expect(w.store.all()).toEqual([]);
  });

  it('a failed upload leaves no segment behind (make cleans up its own half)', async () => {
    // Prepare
    const w = segmentWorld('addSegmentEmails');
    const plan = await crmEmailsLayer(w.deps)(request(w, { foundEmailsInfo }));

    // Act
    const made = plan.make?.();

    // Assess
    await expect(made).rejects.toThrow('bidder refused the upload');
    expect(w.bidder.segments.size).toBe(0);
    expect(w.store.all()).toEqual([]);
  });

  it('has nothing to make without e-mails', async () => {
    const w = segmentWorld();
    const plan = await crmEmailsLayer(w.deps)(request(w, { foundEmailsInfo: { emailsToHash: [], fromFile: false } }));
    expect(plan).toEqual({ targeting: {} });
  });
});
