import { listSegmentsByAdvertiser as operation } from '@bidgrid/shared/segments/segment.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { segmentRepository } from '../adapters/repositories/segment.repository';
import { listSegmentsByAdvertiser } from '../domain/segments/segments.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/segments/advertiser/{advertiserId}`: one page of the advertiser's retargeting segments. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listSegmentsByAdvertiser(
    { agencyId: caller.agencyId, advertiserId: params.advertiserId, page },
    { advertisers: advertiserRepository, segments: segmentRepository },
  ),
);
