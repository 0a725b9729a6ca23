import { now } from '@bidgrid/shared/clock';
import { updateCampaignTemplate as operation } from '@bidgrid/shared/templates/template.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignTemplateRepository } from '../adapters/repositories/campaign-template.repository';
import { templateRepository } from '../adapters/repositories/template.repository';
import { updateCampaignTemplate } from '../domain/templates/campaign-templates.use-case';
import { httpHandler } from '../entry/http';

/** `PUT /api/campaign/templates/{id}`: replaces one of the caller's campaign templates ('Save', 001 §4). */
export const { handler, raw } = httpHandler(operation, ({ caller, params, body }) =>
  updateCampaignTemplate(
    { agencyId: caller.agencyId, username: caller.username, templateId: params.id, body },
    {
      campaignTemplates: campaignTemplateRepository,
      advertisers: advertiserRepository,
      adGroupTemplates: templateRepository,
      now,
    },
  ),
);
