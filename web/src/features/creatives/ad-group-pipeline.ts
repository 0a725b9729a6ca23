import type {
  TAdGroup,
  TAdGroupCreate,
  TAdGroupTemplate,
  TAdGroupTemplateCreate,
  TAdGroupType,
} from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCreatedAdGroup } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { ZCreativeMimeType } from '@bidgrid/shared/common/common.schema';
import type { TCreative, TCreativeTemplate, TCreativeTemplateForm } from '@bidgrid/shared/ad-groups/creative.schema';
import {
  putWithProgress,
  templateMaker,
  uploadAsset,
  uploadedCreativeForm,
  type TCreativeCalls,
  type TCreativeContext,
  type TPutFile,
} from '@/lib/creative-upload/creative-makers';
import type { TAdGroupRemovalCalls } from '@/lib/creative-upload/discard-ad-group';
import type { TMeasuredFile } from '@/lib/creative-upload/measure-files';
import { messageOf } from '@/lib/error-message';

/** The calls the pipeline makes, given by the feature's `api/` (`usePipelineCalls`) so the steps stay testable. */
export interface TPipelineCalls extends TCreativeCalls, TAdGroupRemovalCalls {
  createAdGroup(body: TAdGroupCreate): Promise<TAdGroup>;
  createAdGroupTemplate(body: TAdGroupTemplateCreate): Promise<TAdGroupTemplate>;
  createCreativeTemplate(body: TCreativeTemplateForm): Promise<TCreativeTemplate>;
  /** Every creative template of an ad-group template (all pages). */
  listCreativeTemplates(adGroupTemplateId: TAdGroupTemplate['id']): Promise<TCreativeTemplate[]>;
}

/** What the ad group is made of: files chosen on 'Create New AdGroup', or a saved ad-group template. */
export type TPipelineSource =
  | {
      readonly kind: 'upload';
      readonly name: string;
      readonly description: string;
      readonly adGroupType: TAdGroupType;
      readonly files: readonly TMeasuredFile[];
    }
  | { readonly kind: 'template'; readonly template: TAdGroupTemplate };

/**
 * Where it goes: a campaign's ad group (the wizard: the draft's campaign id, before the campaign exists), or
 * only an ad-group template with its creative templates (/ads-upload, outside any campaign).
 */
export type TPipelineTarget =
  | { readonly kind: 'campaign'; readonly context: TCreativeContext }
  | { readonly kind: 'templateOnly'; readonly bgAdvertiserId: string };

/**
 * What is done so far, carried from a failed attempt to the next one so pressing Next again resumes
 * without redoing anything: files are keyed by name (names are unique in an ad group, 001 §5), the
 * creatives of a template by their creative template's id.
 */
export interface TPipelineState {
  readonly adGroup: TAdGroup | null;
  readonly adGroupTemplate: TAdGroupTemplate | null;
  /** The stored upload of each file (its `sourceUrl`). */
  readonly sourceUrls: Readonly<Record<string, string>>;
  readonly creatives: Readonly<Record<string, TCreative>>;
  readonly creativeTemplates: Readonly<Record<string, TCreativeTemplate>>;
}

export const emptyPipelineState: TPipelineState = {
  adGroup: null,
  adGroupTemplate: null,
  sourceUrls: {},
  creatives: {},
  creativeTemplates: {},
};

/** Where the pipeline is, for the screen: the step, and for a file its bytes sent. */
export type TPipelineEvent =
  | { readonly step: 'ad-group' }
  | { readonly step: 'ad-group-template' }
  | { readonly step: 'upload'; readonly name: string; readonly loaded: number; readonly total: number }
  | { readonly step: 'creative'; readonly name: string }
  | { readonly step: 'creative-template'; readonly name: string }
  | { readonly step: 'collecting' };

/** A step that failed for one file: the screen marks that file and says why. */
export class PipelineFileError extends Error {
  override readonly name = 'PipelineFileError';

  constructor(
    readonly fileName: string,
    override readonly cause: unknown,
  ) {
    super(messageOf(cause));
  }
}

/** What the pipeline made: the campaign's ad group (its creatives whole), or the template of /ads-upload. */
export type TPipelineResult =
  | { readonly kind: 'campaign'; readonly createdAdGroup: TCreatedAdGroup }
  | {
      readonly kind: 'templateOnly';
      readonly adGroupTemplate: TAdGroupTemplate;
      readonly creativeTemplates: readonly TCreativeTemplate[];
    };

export interface TPipelineHooks {
  /** Called after every step that changed the state (keep the last one for the next attempt). */
  readonly onState: (state: TPipelineState) => void;
  readonly onEvent?: (event: TPipelineEvent) => void;
  /** How a file reaches storage (tests pass a fake; the default reports bytes sent). */
  readonly put?: TPutFile;
}

/**
 * A key that changes whenever what the user asked for changes: a state made for another source (a file
 * removed, a name edited, another template) is discarded rather than resumed.
 */
export function pipelineSignature(source: TPipelineSource, target: TPipelineTarget): string {
  const where = target.kind === 'campaign' ? `${target.context.bgCampaignId}|${target.context.clickUrl}` : 'template';
  const what =
    source.kind === 'template'
      ? `template:${source.template.id}`
      : `upload:${source.adGroupType}:${source.name}:${source.description}:${source.files.map((file) => `${file.name}/${file.size}`).join(',')}`;
  return `${where}|${what}`;
}

/** The creative template of an uploaded file, for an ad-group template (its asset copied by the server). */
function creativeTemplateForm(
  file: TMeasuredFile,
  sourceUrl: string,
  adGroupTemplateId: TAdGroupTemplate['id'],
  creative: TCreative | undefined,
): TCreativeTemplateForm {
  return {
    adGroupTemplateId,
    creativeTemplateSrc: sourceUrl,
    creativeType: ZCreativeMimeType.parse(file.type),
    name: file.name,
    description: '',
    size: file.size,
    width: file.width ?? 0,
    height: file.height ?? 0,
    duration: file.durationSeconds,
    // Only a campaign's upload has a bidder creative; the form leaves an absent value out.
    beeswaxCreativeId: creative?.beeswaxCreativeId,
  };
}

/**
 * The ad-group pipeline of 001 §4: create the ad group (in a campaign) -> the ad-group template when the
 * ad group is new -> each creative, its file uploaded to storage by presigned URL with byte progress ->
 * the creative templates of the newly uploaded files -> the ad group's creatives, for their ids. A saved
 * template gives an ad group whose creatives are copies of its creative templates (no new template). On
 * /ads-upload only the template and its creative templates are made.
 *
 * One file at a time (uploads are large and the bidder rate-limits creative creation). Each step's result
 * goes to `onState` at once; a failure stops the run (a file's failure as `PipelineFileError`) and the
 * next run with the last state skips what is done.
 */
export async function runAdGroupPipeline(
  input: { readonly source: TPipelineSource; readonly target: TPipelineTarget },
  initial: TPipelineState,
  calls: TPipelineCalls,
  hooks: TPipelineHooks,
): Promise<TPipelineResult> {
  const { source, target } = input;
  const put = hooks.put ?? putWithProgress;
  const emit = hooks.onEvent ?? (() => undefined);
  let state = initial;
  const save = (change: Partial<TPipelineState>): void => {
    state = { ...state, ...change };
    hooks.onState(state);
  };
  const bgAdvertiserId = target.kind === 'campaign' ? target.context.bgAdvertiserId : target.bgAdvertiserId;
  const forFile = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      throw new PipelineFileError(name, error);
    }
  };

  let adGroup = state.adGroup;
  if (target.kind === 'campaign' && !adGroup) {
    emit({ step: 'ad-group' });
    const details =
      source.kind === 'template'
        ? {
            name: source.template.name,
            description: source.template.description,
            adGroupType: source.template.adGroupType,
          }
        : { name: source.name, description: source.description, adGroupType: source.adGroupType };
    adGroup = await calls.createAdGroup({ bgAdvertiserId, bgCampaignId: target.context.bgCampaignId, ...details });
    save({ adGroup });
  }

  if (source.kind === 'template') {
    if (target.kind !== 'campaign' || !adGroup) throw new Error('A saved ad group is used only in a campaign.');
    const templates = await calls.listCreativeTemplates(source.template.id);
    for (const template of templates) {
      if (state.creatives[template.id]) continue;
      emit({ step: 'creative', name: template.name });
      const creative = await forFile(template.name, () => templateMaker(template, target.context, calls)(adGroup));
      save({ creatives: { ...state.creatives, [template.id]: creative } });
    }
    return collect(adGroup, source.template.id, calls, emit);
  }

  let adGroupTemplate = state.adGroupTemplate;
  if (!adGroupTemplate) {
    emit({ step: 'ad-group-template' });
    adGroupTemplate = await calls.createAdGroupTemplate({
      bgAdvertiserId,
      name: source.name,
      description: source.description,
      adGroupType: source.adGroupType,
    });
    save({ adGroupTemplate });
  }

  for (const file of source.files) {
    let sourceUrl = state.sourceUrls[file.name];
    if (!sourceUrl) {
      emit({ step: 'upload', name: file.name, loaded: 0, total: file.size });
      sourceUrl = await forFile(file.name, () =>
        uploadAsset(file, bgAdvertiserId, calls, put, (loaded, total) =>
          emit({ step: 'upload', name: file.name, loaded, total }),
        ),
      );
      save({ sourceUrls: { ...state.sourceUrls, [file.name]: sourceUrl } });
    }
    if (target.kind === 'campaign' && adGroup && !state.creatives[file.name]) {
      emit({ step: 'creative', name: file.name });
      const url = sourceUrl;
      const made = adGroup;
      const creative = await forFile(file.name, () =>
        calls.uploadCreative(uploadedCreativeForm(file, url, target.context, made.adGroupId)),
      );
      save({ creatives: { ...state.creatives, [file.name]: creative } });
    }
  }

  const templateId = adGroupTemplate.id;
  for (const file of source.files) {
    if (state.creativeTemplates[file.name]) continue;
    emit({ step: 'creative-template', name: file.name });
    const url = state.sourceUrls[file.name] as string;
    const creative = state.creatives[file.name];
    const made = await forFile(file.name, () =>
      calls.createCreativeTemplate(creativeTemplateForm(file, url, templateId, creative)),
    );
    save({ creativeTemplates: { ...state.creativeTemplates, [file.name]: made } });
  }

  if (target.kind === 'campaign' && adGroup) return collect(adGroup, templateId, calls, emit);
  return {
    kind: 'templateOnly',
    adGroupTemplate,
    creativeTemplates: source.files.map((file) => state.creativeTemplates[file.name] as TCreativeTemplate),
  };
}

/** The last step: the ad group's creatives as the server holds them, for the creation payload's ids. */
async function collect(
  adGroup: TAdGroup,
  adGroupTemplateId: TAdGroupTemplate['id'],
  calls: Pick<TPipelineCalls, 'listCreatives'>,
  emit: (event: TPipelineEvent) => void,
): Promise<TPipelineResult> {
  emit({ step: 'collecting' });
  const creatives = await calls.listCreatives(adGroup.adGroupId);
  if (creatives.length === 0) throw new Error('The ad group has no creatives.');
  return {
    kind: 'campaign',
    createdAdGroup: {
      adGroupId: adGroup.adGroupId,
      name: adGroup.name,
      adGroupType: adGroup.adGroupType,
      adGroupTemplateId,
      creativeIds: creatives.map((creative) => creative.bgCreativeId),
    },
  };
}
