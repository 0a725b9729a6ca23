import { listAdGroupTemplates as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { listAdGroupTemplates } from '../domain/ad-groups/ad-group-templates.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/adgroups/templates/{advertiserId}`: the advertiser's ad-group templates. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listAdGroupTemplates(
    { agencyId: caller.agencyId, advertiserId: params.advertiserId, page },
    { templates: templateRepository, advertisers: advertiserRepository, storage: creativeStorage },
  ),
);
