import { getAdGroup as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { getAdGroup } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/adGroups/{id}`: one ad group of the caller's agency. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getAdGroup({ agencyId: caller.agencyId, adGroupId: params.id }, { adGroups: adGroupRepository }),
);
