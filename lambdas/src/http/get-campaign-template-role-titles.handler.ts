import { getCampaignTemplateRoleTitles as operation } from '@bidgrid/shared/targeting/role-title.operations';
import { campaignTemplateRepository } from '../adapters/repositories/campaign-template.repository';
import { getCampaignTemplateRoleTitles } from '../domain/targeting/role-titles.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/roleTitle/campaignTemplate/{id}`: the roles saved in one of the caller's templates (001 §7). */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getCampaignTemplateRoleTitles(
    { agencyId: caller.agencyId, username: caller.username, templateId: params.id },
    { campaignTemplates: campaignTemplateRepository },
  ),
);
