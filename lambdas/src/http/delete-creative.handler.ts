import { deleteCreative as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeCallDeps } from '../adapters/wiring';
import { deleteCreative } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `DELETE /api/creatives/delete`: a creative here, at the bidder and in storage. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  deleteCreative(
    { agencyId: caller.agencyId, bgCreativeId: body.bgCreativeId, beeswaxCreativeId: body.beeswaxCreativeId },
    creativeCallDeps(log),
  ),
);
