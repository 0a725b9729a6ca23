import { listCampaignTemplatesByUser as operation } from '@bidgrid/shared/templates/template.operations';
import { campaignTemplateRepository } from '../adapters/repositories/campaign-template.repository';
import { listCampaignTemplates } from '../domain/templates/campaign-templates.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/templates/{id}`: the caller's campaign templates ({id} is the caller's user name). */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listCampaignTemplates(
    { agencyId: caller.agencyId, username: caller.username, userId: params.id, page },
    { campaignTemplates: campaignTemplateRepository },
  ),
);
