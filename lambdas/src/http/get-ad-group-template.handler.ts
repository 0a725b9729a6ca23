import { getAdGroupTemplate as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { getAdGroupTemplate } from '../domain/ad-groups/ad-group-templates.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/adgroups/template/{id}`: one ad-group template of the caller's agency. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getAdGroupTemplate(
    { agencyId: caller.agencyId, templateId: params.id },
    { templates: templateRepository, advertisers: advertiserRepository, storage: creativeStorage },
  ),
);
