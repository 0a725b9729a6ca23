import { now } from '@bidgrid/shared/clock';
import { createAdGroupTemplate as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { createAdGroupTemplate } from '../domain/ad-groups/ad-group-templates.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/adgroups/templates/create`: an ad-group template of one of the caller's advertisers. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  createAdGroupTemplate(
    { agencyId: caller.agencyId, username: caller.username, body },
    { templates: templateRepository, advertisers: advertiserRepository, now },
  ),
);
