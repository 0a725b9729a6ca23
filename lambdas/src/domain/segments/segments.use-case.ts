import { hashedEmailsName } from '@bidgrid/shared/segments/retargeting-segment.schema';
import type { TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import type { TEmailGroup } from '@bidgrid/shared/targeting/company.schema';
import { ConflictError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { BidderAudiences } from '../ports/bidder.port';
import type { TPageRequest, TPagedPayload } from '../ports/page.port';
import { pagedPayload } from '../ports/page.port';
import type { SegmentRepository, TSegmentRecord } from '../ports/segment.port';
import { segmentTag } from './segment-tag';

/** Ports of making segments: the advertiser, the bidder's audiences, the segment store. */
export interface SegmentDeps {
  advertisers: AdvertiserReader;
  bidder: Pick<BidderAudiences, 'createSegment' | 'addSegmentEmails' | 'deleteSegment'>;
  segments: SegmentRepository;
  now: () => Date;
  log: Logger;
}

/** What a new segment is: its names, and (CRM) the e-mails to upload hashed, or the campaign that makes it. */
export interface TNewSegment {
  readonly name: string;
  readonly description: string;
  /** Our id at the bidder (`alternative_id`), so a bidder segment can be traced back. */
  readonly ourId: string;
  readonly emails?: readonly string[];
  readonly bgCampaignId?: string;
}

/** The API's view of a stored segment: never the bidder's numeric id or the campaign. */
export const toRetargetingSegment = (record: TSegmentRecord): TRetargetingSegment => ({
  segment_key: record.segment_key,
  segment_name: record.segment_name,
  segment_description: record.segment_description,
  create_date: record.create_date,
  tag: record.tag,
});

/** Every address of the groups, once (the step groups them by domain; the bidder takes one list). */
export const emailsOf = (groups: readonly TEmailGroup[]): string[] => [
  ...new Set(groups.flatMap((group) => group.emails.map((email) => email.trim().toLowerCase()))),
];

/**
 * Makes a segment of an advertiser: at the bidder first (the segment, then its hashed e-mails when
 * given), then in the store. Any failure after the bidder made the segment deletes it there, so a
 * refused upload or a failed store write leaves no segment nobody sees; the original error is thrown.
 */
export async function makeSegment(
  agencyId: string,
  advertiser: TAdvertiserRecord,
  segment: TNewSegment,
  deps: SegmentDeps,
): Promise<TSegmentRecord> {
  const made = await deps.bidder.createSegment({
    advertiserId: advertiser.beeswaxAdvertiserId,
    name: segment.name,
    ourId: segment.ourId,
    description: segment.description,
  });
  try {
    if (segment.emails) await deps.bidder.addSegmentEmails(made.id, segment.emails);
    const record: TSegmentRecord = {
      segment_key: made.key,
      segment_name: segment.name,
      segment_description: segment.description,
      create_date: deps.now().toISOString(),
      tag: segmentTag(made.key),
      bgAdvertiserId: advertiser.bgAdvertiserId,
      bidderSegmentId: made.id,
      bgCampaignId: segment.bgCampaignId ?? null,
    };
    if (!(await deps.segments.putNewSegment(agencyId, record))) {
      throw new ConflictError('This segment exists already.', {
        internalMessage: `segment key ${made.key} stored twice`,
      });
    }
    return record;
  } catch (error) {
    await deps.bidder.deleteSegment(made.id).catch((undoError: unknown) => {
      deps.log.error('could not delete a bidder segment after a failed creation', {
        segmentId: made.id,
        cause: error,
        error: undoError,
      });
    });
    throw error;
  }
}

/**
 * Deletes a segment made by `makeSegment`: at the bidder, then in the store (undoing a campaign's
 * creation). Both tolerate what is gone already, so it is safe to repeat.
 */
export async function removeSegment(
  agencyId: string,
  record: Pick<TSegmentRecord, 'bgAdvertiserId' | 'segment_key' | 'bidderSegmentId'>,
  deps: Pick<SegmentDeps, 'bidder' | 'segments'>,
): Promise<void> {
  await deps.bidder.deleteSegment(record.bidderSegmentId);
  await deps.segments.deleteSegment(agencyId, record.bgAdvertiserId, record.segment_key);
}

/**
 * `POST /api/segments/create {name, description, advertiserId}` (001 §2 create-segment modal): a
 * visitor segment of one of the caller's advertisers, with the tag to put on the advertiser's site.
 * Another agency's advertiser answers 404 before the bidder is asked.
 */
export async function createSegment(
  input: { agencyId: string; advertiserId: string; name: string; description: string; ourId: string },
  deps: SegmentDeps,
): Promise<TRetargetingSegment> {
  const advertiser = await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const record = await makeSegment(
    input.agencyId,
    advertiser,
    { name: input.name, description: input.description, ourId: input.ourId },
    deps,
  );
  return toRetargetingSegment(record);
}

/**
 * `POST /api/segments/emails` (ours, the /crm-retargeting page's Save): a segment 'Hashed Emails for
 * {name}' (its description too, so the visitors list hides it) of the caller's advertiser, its
 * e-mails uploaded hashed. No CRM connection is needed: uploaded e-mails work the same.
 */
export async function createEmailSegment(
  input: { agencyId: string; advertiserId: string; name: string; emailsToHash: readonly TEmailGroup[]; ourId: string },
  deps: SegmentDeps,
): Promise<TRetargetingSegment> {
  const advertiser = await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const name = hashedEmailsName(input.name);
  const record = await makeSegment(
    input.agencyId,
    advertiser,
    { name, description: name, ourId: input.ourId, emails: emailsOf(input.emailsToHash) },
    deps,
  );
  return toRetargetingSegment(record);
}

/** `GET /api/segments/advertiser/{advertiserId}`: one page of the advertiser's segments (404 for another agency's). */
export async function listSegmentsByAdvertiser(
  input: { agencyId: string; advertiserId: string; page: TPageRequest },
  deps: { advertisers: AdvertiserReader; segments: Pick<SegmentRepository, 'listSegments'> },
): Promise<TPagedPayload<TRetargetingSegment[]>> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const page = await deps.segments.listSegments(input.agencyId, input.advertiserId, input.page);
  return pagedPayload({ items: page.items.map(toRetargetingSegment), nextCursor: page.nextCursor });
}
