import type { Bidder } from '../ports/bidder.port';
import type { SegmentRepository, TSegmentRecord } from '../ports/segment.port';
import { memoryAdvertisers, memoryLogger, memoryPage, recordFixture } from '../test-fakes';
import type { SegmentDeps } from './segments.use-case';

/** A failure to inject into the fake bidder's segment calls or the fake store. */
export type TSegmentFailure = 'createSegment' | 'addSegmentEmails' | 'putNewSegment';

/** An in-memory bidder of segments: keys `buzz-{id}`, e-mails kept per segment, deletes recorded. */
export function memorySegmentBidder(failure?: TSegmentFailure) {
  let nextId = 1;
  const segments = new Map<number, { key: string; name: string; advertiserId: number; ourId: string }>();
  const emails = new Map<number, string[]>();
  const bidder: Pick<Bidder, 'createSegment' | 'addSegmentEmails' | 'deleteSegment'> = {
    async createSegment(segment) {
      if (failure === 'createSegment') throw new Error('bidder refused the segment');
      const id = nextId++;
      segments.set(id, {
        key: `buzz-${id}`,
        name: segment.name,
        advertiserId: segment.advertiserId,
        ourId: segment.ourId,
      });
      return { id, key: `buzz-${id}` };
    },
    async addSegmentEmails(segmentId, list) {
      if (failure === 'addSegmentEmails') throw new Error('bidder refused the upload');
      emails.set(segmentId, [...(emails.get(segmentId) ?? []), ...list]);
      return { accepted: list.length, rejected: 0 };
    },
    async deleteSegment(segmentId) {
      segments.delete(segmentId);
      emails.delete(segmentId);
    },
  };
  return { bidder, segments, emails };
}

/** An in-memory segment store with the real one's rules: keyed by agency and advertiser, no overwrite. */
export function memorySegments(failure?: TSegmentFailure) {
  const byKey = new Map<string, TSegmentRecord & { agencyId: string }>();
  const key = (agencyId: string, advertiserId: string, segmentKey: string) =>
    `${agencyId}|${advertiserId}|${segmentKey}`;
  const repo: SegmentRepository = {
    async putNewSegment(agencyId, record) {
      if (failure === 'putNewSegment') throw new Error('store unavailable');
      const k = key(agencyId, record.bgAdvertiserId, record.segment_key);
      if (byKey.has(k)) return false;
      byKey.set(k, { ...record, agencyId });
      return true;
    },
    getSegment: async (agencyId, advertiserId, segmentKey) => {
      const found = byKey.get(key(agencyId, advertiserId, segmentKey));
      if (!found) return null;
      const { agencyId: _agency, ...record } = found;
      return record;
    },
    listSegments: async (agencyId, advertiserId, page) =>
      memoryPage(
        [...byKey.values()]
          .filter((r) => r.agencyId === agencyId && r.bgAdvertiserId === advertiserId)
          .sort((a, b) => a.segment_key.localeCompare(b.segment_key))
          .map(({ agencyId: _agency, ...record }) => record),
        page,
        `segments/${agencyId}/${advertiserId}`,
      ),
    deleteSegment: async (agencyId, advertiserId, segmentKey) => {
      byKey.delete(key(agencyId, advertiserId, segmentKey));
    },
  };
  return { repo, all: () => [...byKey.values()] };
}

/** The demo agency's Acme advertiser (bidder id 101) and the fakes every segment test runs on. */
export function segmentWorld(failure?: TSegmentFailure) {
  const advertiser = recordFixture({ bgAdvertiserId: 'bgAdvertiser-acme', beeswaxAdvertiserId: 101 });
  const advertisers = memoryAdvertisers([advertiser]);
  const bidder = memorySegmentBidder(failure);
  const store = memorySegments(failure);
  const log = memoryLogger();
  const deps: SegmentDeps = {
    advertisers: advertisers.repo,
    bidder: bidder.bidder,
    segments: store.repo,
    now: () => new Date('2026-11-20T10:00:00.000Z'),
    log,
  };
  return { advertiser, bidder, store, log, deps };
}
