import type { TCampaignTemplate } from '@bidgrid/shared/entities/campaign-template.schema';
import type { TPage, TPageRequest } from './page.port';

/** Campaign templates in the store: each belongs to the user who saved it, in that user's agency. */
export interface CampaignTemplateRepository {
  /** One page of a user's templates, in the store's order. */
  listCampaignTemplates(agencyId: string, username: string, page: TPageRequest): Promise<TPage<TCampaignTemplate>>;
  /** Writes a new template of `template.createdBy`; false when the id is taken (nothing is overwritten). */
  putNewCampaignTemplate(template: TCampaignTemplate): Promise<boolean>;
}
