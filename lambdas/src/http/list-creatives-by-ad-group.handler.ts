import { listCreativesByAdGroup as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { listCreativesByAdGroup } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/creatives/creativesbyadgroupid/{id}`: the ad group's creatives, assets behind presigned URLs. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listCreativesByAdGroup(
    { agencyId: caller.agencyId, adGroupId: params.id, page },
    { adGroups: adGroupRepository, storage: creativeStorage },
  ),
);
