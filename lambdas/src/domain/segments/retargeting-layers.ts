import { hashedEmailsName, MAX_SEGMENT_NAME } from '@bidgrid/shared/segments/retargeting-segment.schema';
import { invalidRequest } from '../../kernel/validation';
import type { LayerUndo, TargetingLayer } from '../campaigns/targeting-layers';
import type { SegmentRepository } from '../ports/segment.port';
import { emailsOf, makeSegment, removeSegment } from './segments.use-case';
import type { SegmentDeps } from './segments.use-case';

/** The field a retargeting choice that is not the advertiser's is reported on. */
export const RETARGETING_FIELD = 'targetingInfo.retargeting_segments';

/** The field error of segment keys the campaign's advertiser does not have. */
export const unknownSegmentsMessage = (keys: readonly string[]): string =>
  `Not a segment of this advertiser: ${keys.join(', ')}.`;

/**
 * The visitor (and CRM) retargeting layer, `targetingInfo.retargeting_segments`: every key must be
 * a stored segment of the campaign's advertiser under the caller's agency (another agency's or
 * advertiser's key is reported like an unknown one), and a person must be in one of them: one
 * audience group of every key.
 */
export function retargetingSegmentsLayer(deps: { segments: Pick<SegmentRepository, 'getSegment'> }): TargetingLayer {
  return async (request) => {
    const keys = [...new Set(request.targeting.retargeting_segments.map((segment) => segment.segment_key))];
    if (keys.length === 0) return { targeting: {} };
    const found = await Promise.all(
      keys.map((key) => deps.segments.getSegment(request.agencyId, request.advertiser.bgAdvertiserId, key)),
    );
    const unknown = keys.filter((_, index) => !found[index]);
    if (unknown.length > 0) {
      const fieldErrors = { [RETARGETING_FIELD]: [unknownSegmentsMessage(unknown)] };
      throw invalidRequest(fieldErrors);
    }
    // Stored with their names, so the targeting panel shows names rather than keys.
    const named = keys.map((key, index) => ({ segment_key: key, segment_name: found[index]?.segment_name ?? key }));
    return { targeting: { audiences: [keys] }, selections: { retargeting_segments: named } };
  };
}

/**
 * The CRM re-targeting layer, `foundEmailsInfo.emailsToHash`: the e-mails become a bidder segment
 * 'Hashed Emails for {campaign name}' of the advertiser (its description the same, so the visitors
 * list hides it), uploaded hashed and kept in the segment store with the campaign's id; the segment
 * is an audience group of its own, so a person must be one of those contacts (ANDed with roles and
 * visitor segments). It is made under the creation's claim (`make`) and `undo` deletes it at the
 * bidder and in the store. No e-mails, no layer.
 */
export function crmEmailsLayer(deps: SegmentDeps): TargetingLayer {
  return async (request) => {
    const emails = emailsOf(request.foundEmailsInfo?.emailsToHash ?? []);
    if (emails.length === 0) return { targeting: {} };
    const name = hashedEmailsName(request.campaignName ?? request.bgCampaignId);
    return {
      targeting: {},
      make: async () => {
        const record = await makeSegment(
          request.agencyId,
          request.advertiser,
          {
            // The campaign's name fills the bidder's name bound: with the prefix the segment's name is cut
            // to it (the description keeps it whole, as the visitors list reads it).
            name: name.slice(0, MAX_SEGMENT_NAME),
            description: name,
            ourId: `${request.bgCampaignId}:emails`,
            emails,
            bgCampaignId: request.bgCampaignId,
          },
          deps,
        );
        return {
          targeting: { audiences: [[record.segment_key]] },
          undo: () => removeSegment(request.agencyId, record, deps),
          trace: {
            layer: 'crmEmails',
            ref: {
              bgAdvertiserId: record.bgAdvertiserId,
              segmentKey: record.segment_key,
              bidderSegmentId: record.bidderSegmentId,
            },
          },
        };
      },
    };
  };
}

/**
 * The undo of `crmEmailsLayer` from its journaled trace (a creation whose request died): the bidder
 * segment and its stored record go; either one already gone is fine.
 */
export function crmEmailsUndo(deps: Pick<SegmentDeps, 'bidder' | 'segments'>): LayerUndo {
  return async (agencyId, ref) => {
    const { bgAdvertiserId, segmentKey, bidderSegmentId } = ref;
    if (typeof bgAdvertiserId !== 'string' || typeof segmentKey !== 'string' || typeof bidderSegmentId !== 'number') {
      throw new Error('a CRM e-mail segment trace without its ids');
    }
    await removeSegment(agencyId, { bgAdvertiserId, segment_key: segmentKey, bidderSegmentId }, deps);
  };
}
