import { deleteCampaignTemplate as operation } from '@bidgrid/shared/templates/template.operations';
import { campaignTemplateRepository } from '../adapters/repositories/campaign-template.repository';
import { deleteCampaignTemplate } from '../domain/templates/campaign-templates.use-case';
import { httpHandler } from '../entry/http';

/** `DELETE /api/campaign/templates` `{id}`: deletes one of the caller's campaign templates (001 §7). */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  deleteCampaignTemplate(
    { agencyId: caller.agencyId, username: caller.username, templateId: body.id },
    { campaignTemplates: campaignTemplateRepository },
  ),
);
