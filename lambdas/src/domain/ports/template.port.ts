import type { TAdGroupTemplate } from '@bidgrid/shared/entities/ad-group.schema';
import type { TCreativeTemplateRecord } from '../ad-groups/template-records.schema';

/** Ad-group templates and their creative templates in the store, addressed by the caller's agency. */
export interface TemplateRepository {
  listAdGroupTemplates(agencyId: string, advertiserId: string): Promise<TAdGroupTemplate[]>;
  getAdGroupTemplate(agencyId: string, templateId: string): Promise<TAdGroupTemplate | null>;
  listCreativeTemplates(agencyId: string, template: TAdGroupTemplate): Promise<TCreativeTemplateRecord[]>;
  /** Writes a new template with its creative templates at once (at most 98 creatives); false when it exists. */
  putNewAdGroupTemplate(
    agencyId: string,
    template: TAdGroupTemplate,
    creatives: readonly TCreativeTemplateRecord[],
  ): Promise<boolean>;
}
