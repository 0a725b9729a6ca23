import { listDomainListsByAdvertiser as operation } from '@bidgrid/shared/lists/domain-list.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { domainListRepository } from '../adapters/repositories/domain-list.repository';
import { listDomainListsByAdvertiser } from '../domain/lists/domain-lists.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/domainlist/advertiser/{id}`: one page of the caller's advertiser's custom domain lists. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listDomainListsByAdvertiser(
    { agencyId: caller.agencyId, advertiserId: params.id, page },
    { domainLists: domainListRepository, advertisers: advertiserRepository },
  ),
);
