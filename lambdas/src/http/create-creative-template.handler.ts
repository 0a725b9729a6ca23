import { now } from '@bidgrid/shared/clock';
import { createCreativeTemplate as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { createCreativeTemplate } from '../domain/ad-groups/ad-group-templates.use-case';
import { httpHandler } from '../entry/http';
import { readFormBody } from '../kernel/multipart';

/** `POST /api/creatives/templates/create` (form data): a creative template with its own copy of the asset. */
export const { handler, raw } = httpHandler(
  operation,
  ({ caller, body, log }) =>
    createCreativeTemplate(
      { agencyId: caller.agencyId, form: body },
      {
        templates: templateRepository,
        advertisers: advertiserRepository,
        adGroups: adGroupRepository,
        storage: creativeStorage,
        now,
        log,
      },
    ),
  { form: readFormBody },
);
