import { listPublicDomainLists as operation } from '@bidgrid/shared/lists/domain-list.operations';
import { domainListRepository } from '../adapters/repositories/domain-list.repository';
import { listPublicDomainLists } from '../domain/lists/domain-lists.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/domainlist/public`: the public publication lists every agency shares (001 §7). */
export const { handler, raw } = httpHandler(operation, () =>
  listPublicDomainLists({ domainLists: domainListRepository }),
);
