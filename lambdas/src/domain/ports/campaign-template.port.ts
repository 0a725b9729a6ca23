import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import type { TPage, TPageRequest } from './page.port';

/** How a template write ended: written, its id taken, or more than the store holds in one template. */
export type TCampaignTemplateWrite = 'ok' | 'exists' | 'too-large';

/**
 * How replacing a template ended: written, no longer the version it was read at (saved again or
 * deleted since), or more than the store holds in one template.
 */
export type TCampaignTemplateReplace = 'ok' | 'changed' | 'too-large';

/** Campaign templates in the store: each belongs to the user who saved it, in that user's agency. */
export interface CampaignTemplateRepository {
  /** One page of a user's templates, in the store's order. */
  listCampaignTemplates(agencyId: string, username: string, page: TPageRequest): Promise<TPage<TCampaignTemplate>>;
  /** One of a user's templates by id; null when that user has none with this id. */
  getCampaignTemplate(agencyId: string, username: string, templateId: string): Promise<TCampaignTemplate | null>;
  /** Writes a new template of `template.createdBy`, never over another (`exists`). */
  putNewCampaignTemplate(template: TCampaignTemplate): Promise<TCampaignTemplateWrite>;
  /**
   * Replaces a template of `template.createdBy` only while the stored one is there and still at
   * `expectedUpdatedAt`, so no concurrent save or delete is overwritten.
   */
  replaceCampaignTemplate(template: TCampaignTemplate, expectedUpdatedAt: string): Promise<TCampaignTemplateReplace>;
  /** Deletes one of a user's templates; false when that user has none with this id (nothing deleted). */
  deleteCampaignTemplate(agencyId: string, username: string, templateId: string): Promise<boolean>;
}
