import { createDomainList as operation } from '@bidgrid/shared/lists/domain-list.operations';
import { domainListDeps } from '../adapters/wiring';
import { createDomainList } from '../domain/lists/domain-lists.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/domainlist/create`: a custom domain list of the caller's advertiser, here and at the bidder. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  createDomainList({ agencyId: caller.agencyId, request: body }, domainListDeps(log)),
);
