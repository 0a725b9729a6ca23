import { randomUUID } from 'node:crypto';
import type * as z from '@bidgrid/shared/zod';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { MAX_FILES_PER_AD_GROUP, VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate, ZAdGroupTemplateCreate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { creativeFileProblem } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TCreativeTemplate, ZCreativeTemplateForm } from '@bidgrid/shared/ad-groups/creative.schema';
import { compareByName, compareNewestFirst } from '@bidgrid/shared/common/list-order';
import { newId } from '@bidgrid/shared/ids';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { invalidRequest } from '../../kernel/validation';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { TemplateRepository } from '../ports/template.port';
import { copySourceAsset, safeFileName } from './creative-asset';
import type { TCreativeTemplateRecord } from './template-records.schema';

/** Ports of the template reads. */
export interface AdGroupTemplateDeps {
  templates: Pick<TemplateRepository, 'listAdGroupTemplates' | 'getAdGroupTemplate' | 'listCreativeTemplates'>;
  advertisers: AdvertiserReader;
  storage: Pick<CreativeStorage, 'presignGet'>;
}

export const TEMPLATE_NOT_FOUND = 'Ad group template not found.';

/** Texts of the template rules the spec states without one (ours). */
export const AD_GROUP_TEMPLATE_MESSAGES = {
  exists: 'This ad group template already exists.',
  creativeExists: 'This creative template already exists.',
  templateGone: 'The ad group template was deleted meanwhile.',
} as const;

async function requireTemplate(
  agencyId: string,
  templateId: string,
  deps: { templates: Pick<TemplateRepository, 'getAdGroupTemplate'> },
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

/** Ports of saving templates. */
export interface SaveAdGroupTemplateDeps {
  templates: Pick<
    TemplateRepository,
    'getAdGroupTemplate' | 'listCreativeTemplates' | 'putNewAdGroupTemplate' | 'putNewCreativeTemplate'
  >;
  advertisers: AdvertiserReader;
  /** The presigned uploads this agency was issued (an upload's declared type is checked). */
  adGroups: Pick<AdGroupRepository, 'getUpload'>;
  storage: Pick<CreativeStorage, 'keyFromUrl' | 'head' | 'readRange' | 'copy' | 'remove' | 'presignGet'>;
  now: () => Date;
  log: Logger;
}

/**
 * `POST /adgroups/templates/create`: an ad-group template of one of the caller's advertisers (another
 * agency's answers 404), empty until its creative templates follow. A client-generated `id` (prefix
 * checked by the schema) is kept only if new in the agency (409 otherwise), so a retried request never
 * makes a second template; the owner is the caller whatever `createdBy` says.
 */
export async function createAdGroupTemplate(
  input: { agencyId: string; username: string; body: z.output<typeof ZAdGroupTemplateCreate> },
  deps: Pick<SaveAdGroupTemplateDeps, 'templates' | 'advertisers' | 'now'>,
): Promise<TAdGroupTemplate> {
  const { body } = input;
  await requireAdvertiser(input.agencyId, body.bgAdvertiserId, deps.advertisers);
  const template: TAdGroupTemplate = {
    id: body.id ?? newId('adGroupTemplate'),
    bgAdvertiserId: body.bgAdvertiserId,
    createdBy: input.username,
    name: body.name.trim(),
    description: (body.description ?? '').trim(),
    adGroupType: body.adGroupType,
    createdAt: deps.now().toISOString(),
  };
  if (!(await deps.templates.putNewAdGroupTemplate(input.agencyId, template, []))) {
    throw new ConflictError(AD_GROUP_TEMPLATE_MESSAGES.exists);
  }
  return template;
}

/** The prefix of a template's own asset copies (`templates/{agency}/{template}/`, as the seed keeps them). */
const templateAssetPrefix = (agencyId: string, templateId: string): string => `templates/${agencyId}/${templateId}/`;

/**
 * `POST /creatives/templates/create` (form data): saves a creative of the ad group being made as a
 * creative template of an ad-group template of the caller's agency (another agency's answers 404).
 * `creativeTemplateSrc` names the asset already in the bucket (the file's presigned upload, or a
 * creative's source): the template gets its own checked copy under its own prefix, so deleting the
 * creative or the upload never breaks the template. The rules are a creative's: the file kind must fit
 * the template's type (the spec's texts), the declared size and dimensions the 001 §5 limits and the
 * bytes, at most 100 per template. A client-generated `id` is kept only if new (409 otherwise). A
 * failure after the copy removes it, so nothing half-made is left.
 */
export async function createCreativeTemplate(
  input: { agencyId: string; form: z.output<typeof ZCreativeTemplateForm> },
  deps: SaveAdGroupTemplateDeps,
): Promise<TCreativeTemplate> {
  const { agencyId, form } = input;
  const template = await requireTemplate(agencyId, form.adGroupTemplateId, deps);
  const video = (VIDEO_MIME_TYPES as readonly string[]).includes(form.creativeType);
  const errors: TFieldErrors = {};
  if (video !== (template.adGroupType === 'video')) {
    errors['creativeType'] = [
      template.adGroupType === 'video'
        ? VALIDATION_MESSAGES.videoCampaignOnlyVideos
        : VALIDATION_MESSAGES.displayCampaignOnlyImages,
    ];
  }
  const problem = creativeFileProblem({ ...form, mimetype: form.creativeType });
  if (problem) errors[problem.path] = [problem.message];
  if (Object.keys(errors).length > 0) throw invalidRequest(errors);

  const existing = await deps.templates.listCreativeTemplates(agencyId, template, {
    limit: MAX_FILES_PER_AD_GROUP,
    cursor: null,
  });
  if (existing.items.length >= MAX_FILES_PER_AD_GROUP) {
    throw invalidRequest({ creativeTemplateSrc: [VALIDATION_MESSAGES.tooManyFiles] });
  }
  const id = form.id ?? newId('creativeTemplate');
  if (existing.items.some((c) => c.id === id)) throw new ConflictError(AD_GROUP_TEMPLATE_MESSAGES.creativeExists);

  const { key: assetKey, asset } = await copySourceAsset(
    {
      agencyId,
      sourceUrl: form.creativeTemplateSrc,
      field: 'creativeTemplateSrc',
      declared: { ...form, mimetype: form.creativeType },
      // A part of its own, so an attempt that loses a race for the id never removes the winner's copy.
      keyFor: (fileName) =>
        `${templateAssetPrefix(agencyId, template.id)}${id}/${randomUUID().slice(0, 8)}-${safeFileName(fileName)}`,
    },
    deps,
  );
  const record: TCreativeTemplateRecord = {
    id,
    adGroupTemplateId: template.id,
    creativeType: asset.contentType,
    name: form.name.trim(),
    description: (form.description ?? '').trim(),
    height: form.height,
    width: form.width,
    beeswaxCreativeId: form.beeswaxCreativeId ?? null,
    size_in_bytes: form.size,
    // What the file says, as for a creative (the form's value is the browser's reading of it).
    duration: video ? asset.durationSeconds : null,
    assetKey,
  };
  let written: Awaited<ReturnType<SaveAdGroupTemplateDeps['templates']['putNewCreativeTemplate']>>;
  try {
    written = await deps.templates.putNewCreativeTemplate(agencyId, template, record);
  } catch (error) {
    await removeCopy(assetKey, deps);
    throw error;
  }
  if (written !== 'ok') {
    await removeCopy(assetKey, deps);
    throw written === 'no-template'
      ? new NotFoundError(AD_GROUP_TEMPLATE_MESSAGES.templateGone, {
          internalMessage: `Template ${template.id} gone`,
        })
      : new ConflictError(AD_GROUP_TEMPLATE_MESSAGES.creativeExists);
  }
  const { assetKey: _key, ...shown } = record;
  return {
    ...shown,
    creativeTemplateSrc: await deps.storage.presignGet(assetKey, { contentType: record.creativeType }),
  };
}

async function removeCopy(key: string, deps: Pick<SaveAdGroupTemplateDeps, 'storage' | 'log'>): Promise<void> {
  await deps.storage.remove(key).catch((error: unknown) => {
    deps.log.warn('could not remove a half-made creative template asset', { key, error });
  });
}
