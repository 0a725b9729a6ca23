import { listCreativeTemplatesByAdGroupTemplate as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { listCreativeTemplates } from '../domain/ad-groups/ad-group-templates.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/creatives/templates/creativesbyadgroupid/{id}`: the creative templates of an ad-group template. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listCreativeTemplates(
    { agencyId: caller.agencyId, templateId: params.id, page },
    { templates: templateRepository, advertisers: advertiserRepository, storage: creativeStorage },
  ),
);
