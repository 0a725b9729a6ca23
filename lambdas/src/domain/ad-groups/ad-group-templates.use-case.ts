import type { TAdGroupTemplate } from '@bidgrid/shared/entities/ad-group.schema';
import type { TCreativeTemplate } from '@bidgrid/shared/entities/creative.schema';
import { compareByName, compareNewestFirst } from '@bidgrid/shared/entities/list-order';
import { NotFoundError } from '../../lib/errors';
import { requireAdvertiser } from '../get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { TemplateRepository } from '../ports/template.port';

/** Ports of the template reads. */
export interface AdGroupTemplateDeps {
  templates: Pick<TemplateRepository, 'listAdGroupTemplates' | 'getAdGroupTemplate' | 'listCreativeTemplates'>;
  advertisers: AdvertiserReader;
  storage: Pick<CreativeStorage, 'presignGet'>;
}

export const TEMPLATE_NOT_FOUND = 'Ad group template not found.';

async function requireTemplate(
  agencyId: string,
  templateId: string,
  deps: AdGroupTemplateDeps,
): Promise<TAdGroupTemplate> {
  const template = await deps.templates.getAdGroupTemplate(agencyId, templateId);
  if (!template) {
    throw new NotFoundError(TEMPLATE_NOT_FOUND, {
      internalMessage: `Template ${templateId} not in agency ${agencyId}`,
    });
  }
  return template;
}

/** `GET /adgroups/templates/{advertiserId}`: one page of the advertiser's ad-group templates, newest first within it. */
export async function listAdGroupTemplates(
  input: { agencyId: string; advertiserId: string; page: TPageRequest },
  deps: AdGroupTemplateDeps,
): Promise<TPagedPayload<TAdGroupTemplate[]>> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const page = await deps.templates.listAdGroupTemplates(input.agencyId, input.advertiserId, input.page);
  return { payload: [...page.items].sort(compareNewestFirst), nextCursor: page.nextCursor };
}

/** `GET /adgroups/template/{id}`: one ad-group template. */
export async function getAdGroupTemplate(
  input: { agencyId: string; templateId: string },
  deps: AdGroupTemplateDeps,
): Promise<TAdGroupTemplate> {
  return requireTemplate(input.agencyId, input.templateId, deps);
}

/**
 * `GET /creatives/templates/creativesbyadgroupid/{id}`: the creative templates of an ad-group
 * template, their assets behind presigned URLs (the 'Choose creatives from templates' modal passes
 * one as the `sourceUrl` of `/creatives/create`, which copies it for the new creative).
 */
export async function listCreativeTemplates(
  input: { agencyId: string; templateId: string; page: TPageRequest },
  deps: AdGroupTemplateDeps,
): Promise<TPagedPayload<TCreativeTemplate[]>> {
  const template = await requireTemplate(input.agencyId, input.templateId, deps);
  const page = await deps.templates.listCreativeTemplates(input.agencyId, template, input.page);
  const payload = await Promise.all(
    [...page.items].sort(compareByName).map(async ({ assetKey, ...creative }) => ({
      ...creative,
      creativeTemplateSrc: await deps.storage.presignGet(assetKey, { contentType: creative.creativeType }),
    })),
  );
  return { payload, nextCursor: page.nextCursor };
}
