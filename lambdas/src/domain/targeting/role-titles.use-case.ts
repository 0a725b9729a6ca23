import type { TRoleTitleChoice, TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import { NotFoundError } from '../../kernel/errors';
import type { CampaignTemplateRepository } from '../ports/campaign-template.port';
import type { RoleCatalogRepository } from '../ports/role-catalog.port';

/** Texts of the role calls the spec states without one (ours). */
export const ROLE_TITLE_MESSAGES = {
  templateNotFound: 'Campaign template not found.',
} as const;

/** `GET /roleTitle/getRoleTitleList`: the role catalogue (001 §7), the same for every agency. */
export async function listRoleTitles(deps: {
  roleCatalog: Pick<RoleCatalogRepository, 'listRoleTypes'>;
}): Promise<TRoleType[]> {
  return deps.roleCatalog.listRoleTypes();
}

/**
 * `GET /roleTitle/campaignTemplate/{id}`: the roles saved in one of the caller's campaign templates
 * (001 §4 'Template edit ... fetches ... the role titles for the template id'). Templates belong to
 * the user who saved them (001 §6), so the look-up is under the caller's agency and user name: a
 * colleague's template, another agency's or one that does not exist all answer the same 404.
 */
export async function getCampaignTemplateRoleTitles(
  input: { agencyId: string; username: string; templateId: string },
  deps: { campaignTemplates: Pick<CampaignTemplateRepository, 'getCampaignTemplate'> },
): Promise<TRoleTitleChoice[]> {
  const template = await deps.campaignTemplates.getCampaignTemplate(input.agencyId, input.username, input.templateId);
  if (!template) {
    throw new NotFoundError(ROLE_TITLE_MESSAGES.templateNotFound, {
      internalMessage: `${input.username} asked for the roles of template ${input.templateId}`,
    });
  }
  return template.roleTitles;
}
