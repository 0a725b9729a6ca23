import { randomUUID } from 'node:crypto';
import { createSegmentFromCrm as operation } from '@bidgrid/shared/crm-card/crm-card.operations';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { segmentDeps } from '../adapters/wiring';
import { createSegmentFromCrm } from '../domain/crm/crm-card.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/** `POST /public/crmcard/segments`: HubSpot-signed; a visitor segment of an advertiser connected to the portal. */
export const { handler, raw } = httpHandler(
  operation,
  ({ query, body, log }) =>
    createSegmentFromCrm(
      {
        portalId: query.portalId,
        advertiserId: body.advertiserId,
        name: body.name,
        description: body.description,
        ourId: `${body.advertiserId}:${randomUUID()}`,
      },
      { ...segmentDeps(log), portals: crmPortalRepository },
    ),
  { signed: signedRequests },
);
