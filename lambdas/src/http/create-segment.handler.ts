import { randomUUID } from 'node:crypto';
import { createSegment as operation } from '@bidgrid/shared/segments/segment.operations';
import { segmentDeps } from '../adapters/wiring';
import { createSegment } from '../domain/segments/segments.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/segments/create {name, description, advertiserId}`: a visitor segment of the caller's advertiser. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  createSegment(
    {
      agencyId: caller.agencyId,
      advertiserId: body.advertiserId,
      name: body.name,
      description: body.description,
      ourId: `${body.advertiserId}:${randomUUID()}`,
    },
    segmentDeps(log),
  ),
);
