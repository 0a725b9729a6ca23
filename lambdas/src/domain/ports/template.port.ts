import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCreativeTemplateRecord } from '../ad-groups/template-records.schema';
import type { TPage, TPageRequest } from './page.port';

/** Why a creative-template write was refused. */
export type TCreativeTemplateWriteResult = 'ok' | 'exists' | 'no-template';

/** Ad-group templates and their creative templates in the store, addressed by the caller's agency. */
export interface TemplateRepository {
  /** One page of an advertiser's ad-group templates, in the store's order. */
  listAdGroupTemplates(agencyId: string, advertiserId: string, page: TPageRequest): Promise<TPage<TAdGroupTemplate>>;
  getAdGroupTemplate(agencyId: string, templateId: string): Promise<TAdGroupTemplate | null>;
  /** One page of the creative templates of an ad-group template, in the store's order. */
  listCreativeTemplates(
    agencyId: string,
    template: TAdGroupTemplate,
    page: TPageRequest,
  ): Promise<TPage<TCreativeTemplateRecord>>;
  /**
   * Writes a new template with its creative templates at once (at most 48 creatives); false when an id is
   * taken, in this agency or by another (reserved across agencies).
   */
  putNewAdGroupTemplate(
    agencyId: string,
    template: TAdGroupTemplate,
    creatives: readonly TCreativeTemplateRecord[],
  ): Promise<boolean>;
  /** Writes a new creative template, only while its ad-group template exists and the id is free in every agency. */
  putNewCreativeTemplate(
    agencyId: string,
    template: TAdGroupTemplate,
    creative: TCreativeTemplateRecord,
  ): Promise<TCreativeTemplateWriteResult>;
}
