import { now } from '@bidgrid/shared/clock';
import { createCampaignTemplate as operation } from '@bidgrid/shared/templates/template.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignTemplateRepository } from '../adapters/repositories/campaign-template.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { createCampaignTemplate } from '../domain/templates/campaign-templates.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/campaign/templates`: saves a campaign template owned by the caller. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  createCampaignTemplate(
    { agencyId: caller.agencyId, username: caller.username, body },
    {
      campaignTemplates: campaignTemplateRepository,
      advertisers: advertiserRepository,
      adGroupTemplates: templateRepository,
      now,
    },
  ),
);
