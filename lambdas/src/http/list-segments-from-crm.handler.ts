import { listSegmentsFromCrm as operation } from '@bidgrid/shared/crm-card/crm-card.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { segmentRepository } from '../adapters/repositories/segment.repository';
import { listSegmentsFromCrm } from '../domain/crm/crm-card.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/** `GET /public/crmcard/segments`: HubSpot-signed; the segments of an advertiser connected to the portal. */
export const { handler, raw } = httpHandler(
  operation,
  ({ query }) =>
    listSegmentsFromCrm(
      { portalId: query.portalId, advertiserId: query.advertiserId },
      { portals: crmPortalRepository, advertisers: advertiserRepository, segments: segmentRepository },
    ),
  { signed: signedRequests },
);
