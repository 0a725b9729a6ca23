import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import { firstPage } from '../ports/page.port';
import { createEmailSegment, createSegment, listSegmentsByAdvertiser, makeSegment } from './segments.use-case';
import { segmentWorld } from './test-segment-fakes';

const DEMO = 'bgAgency-demo';
const ACME = 'bgAdvertiser-acme';

describe('createSegment', () => {
  it("makes a bidder segment of the advertiser and stores it with the tag built from the bidder's key", async () => {
    // Prepare
    const w = segmentWorld();

    // Act
    const made = await createSegment(
      { agencyId: DEMO, advertiserId: ACME, name: 'Pricing page', description: 'Visited pricing', ourId: 'our-1' },
      w.deps,
    );

    // Assess
    expect(made).toEqual({
      segment_key: 'buzz-1',
      segment_name: 'Pricing page',
      segment_description: 'Visited pricing',
      create_date: '2026-11-20T10:00:00.000Z',
      tag: expect.stringMatching(/^<img src="[^"]*segment_key=buzz-1[^"]*"/),
    });
    expect(w.bidder.segments.get(1)).toEqual({
      key: 'buzz-1',
      name: 'Pricing page',
      advertiserId: 101,
      ourId: 'our-1',
    });
    expect(w.store.all()).toEqual([
      expect.objectContaining({ agencyId: DEMO, segment_key: 'buzz-1', bidderSegmentId: 1, bgCampaignId: null }),
    ]);
  });

  it("answers 404 for another agency's advertiser and asks nothing of the bidder", async () => {
    // Prepare
    const w = segmentWorld();

    // Act
    const made = createSegment(
      { agencyId: 'bgAgency-rival', advertiserId: ACME, name: 'x', description: '', ourId: 'our-1' },
      w.deps,
    );

    // Assess
    await expect(made).rejects.toBeInstanceOf(NotFoundError);
    expect(w.bidder.segments.size).toBe(0);
  });

  it('deletes the bidder segment when the store write fails, and throws the failure', async () => {
    // Prepare
    const w = segmentWorld('putNewSegment');

    // Act
    const made = createSegment({ agencyId: DEMO, advertiserId: ACME, name: 'x', description: '', ourId: 'o' }, w.deps);

    // Assess
    await expect(made).rejects.toThrow('store unavailable');
    expect(w.bidder.segments.size).toBe(0);
    expect(w.store.all()).toEqual([]);
  });

  it('deletes the bidder segment when the key is stored already (a conflict, nothing overwritten)', async () => {
    // Prepare
    const w = segmentWorld();
    const first = await makeSegment(DEMO, w.advertiser, { name: 'a', description: '', ourId: 'o1' }, w.deps);
    await w.deps.bidder.deleteSegment(first.bidderSegmentId);
    // The fake hands out the next id, so make the store already hold that key.
    await w.store.repo.putNewSegment(DEMO, { ...first, segment_key: 'buzz-2', bidderSegmentId: 2 });

    // Act
    const again = makeSegment(DEMO, w.advertiser, { name: 'b', description: '', ourId: 'o2' }, w.deps);

    // Assess
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    expect(w.bidder.segments.has(2)).toBe(false);
    expect(w.store.all().find((r) => r.segment_key === 'buzz-2')?.segment_name).toBe('a');
  });
});

describe('createEmailSegment', () => {
  it("names and describes it 'Hashed Emails for {name}' and uploads every address once", async () => {
    // Prepare
    const w = segmentWorld();

    // Act
    const made = await createEmailSegment(
      {
        agencyId: DEMO,
        advertiserId: ACME,
        name: 'Q4 webinar',
        emailsToHash: [
          { domain: 'acme.example', emails: ['Ann@acme.example', 'bob@acme.example'] },
          { domain: 'general', emails: ['ann@acme.example', 'cy@other.example'] },
        ],
        ourId: 'o',
      },
      w.deps,
    );

    // Assess
    expect(made.segment_name).toBe('Hashed Emails for Q4 webinar');
    expect(made.segment_description).toBe('Hashed Emails for Q4 webinar');
    expect(w.bidder.emails.get(1)).toEqual(['ann@acme.example', 'bob@acme.example', 'cy@other.example']);
  });

  it('deletes the segment at the bidder when the upload is refused, and stores nothing', async () => {
    // Prepare
    const w = segmentWorld('addSegmentEmails');

    // Act
    const made = createEmailSegment(
      {
        agencyId: DEMO,
        advertiserId: ACME,
        name: 'x',
        emailsToHash: [{ domain: 'general', emails: ['a@b.co'] }],
        ourId: 'o',
      },
      w.deps,
    );

    // Assess
    await expect(made).rejects.toThrow('bidder refused the upload');
    expect(w.bidder.segments.size).toBe(0);
    expect(w.store.all()).toEqual([]);
  });
});

describe('listSegmentsByAdvertiser', () => {
  it("lists the advertiser's segments a page at a time, and 404 for another agency", async () => {
    // Prepare
    const w = segmentWorld();
    for (const name of ['a', 'b', 'c']) {
      await createSegment({ agencyId: DEMO, advertiserId: ACME, name, description: '', ourId: name }, w.deps);
    }

    // Act
    const first = await listSegmentsByAdvertiser({ agencyId: DEMO, advertiserId: ACME, page: firstPage(2) }, w.deps);
    const rival = listSegmentsByAdvertiser(
      { agencyId: 'bgAgency-rival', advertiserId: ACME, page: firstPage(2) },
      w.deps,
    );

    // Assess
    expect(first.payload.map((s) => s.segment_name)).toEqual(['a', 'b']);
    expect(first.payload[0]).not.toHaveProperty('bidderSegmentId');
    expect(first.nextCursor).not.toBeNull();
    await expect(rival).rejects.toBeInstanceOf(NotFoundError);
  });
});
