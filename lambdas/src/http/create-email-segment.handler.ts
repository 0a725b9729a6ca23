import { randomUUID } from 'node:crypto';
import { createEmailSegment as operation } from '@bidgrid/shared/segments/segment.operations';
import { segmentDeps } from '../adapters/wiring';
import { createEmailSegment } from '../domain/segments/segments.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/segments/emails {advertiserId, name, emailsToHash}`: a CRM e-mail segment made outside a campaign. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  createEmailSegment(
    {
      agencyId: caller.agencyId,
      advertiserId: body.advertiserId,
      name: body.name,
      emailsToHash: body.emailsToHash,
      ourId: `${body.advertiserId}:emails:${randomUUID()}`,
    },
    segmentDeps(log),
  ),
);
