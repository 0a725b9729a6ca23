import { describe, expect, it, vi } from 'vitest';
import type { TCreative, TCreativeTemplate } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TPutFile } from '@/lib/creative-upload/creative-makers';
import { discardAdGroup } from '@/lib/creative-upload/discard-ad-group';
import type { TMeasuredFile } from '@/lib/creative-upload/measure-files';
import {
  emptyPipelineState,
  PipelineFileError,
  pipelineSignature,
  runAdGroupPipeline,
  type TPipelineCalls,
  type TPipelineEvent,
  type TPipelineSource,
  type TPipelineState,
  type TPipelineTarget,
} from './ad-group-pipeline';
import { makeAdGroup, makeAdGroupTemplate, makeCreative, makeCreativeTemplate } from './creatives.fixtures';

const measured = (name: string, size = 1_000): TMeasuredFile => ({
  file: new File([new Uint8Array(size)], name, { type: 'image/png' }),
  name,
  type: 'image/png',
  size,
  width: 300,
  height: 250,
});

const UPLOAD: TPipelineSource = {
  kind: 'upload',
  name: 'Summer banners',
  description: 'Holiday set',
  adGroupType: 'image',
  files: [measured('a.png'), measured('b.png')],
};

const CAMPAIGN: TPipelineTarget = {
  kind: 'campaign',
  context: {
    bgAdvertiserId: 'bgAdvertiser-acme',
    beeswaxAdvertiserId: 42,
    bgCampaignId: 'bg-campaign-summer',
    clickUrl: 'https://acme.example/summer',
  },
};

/** Calls that record each call in order and make what they are asked for; `failOn` makes one call fail once. */
function recordingCalls(failOn: { call: string; name?: string } | null = null) {
  const log: string[] = [];
  const made: TCreative[] = [];
  let failure = failOn;
  const maybeFail = (call: string, name?: string): void => {
    if (failure && failure.call === call && (failure.name === undefined || failure.name === name)) {
      failure = null;
      throw new Error(`${call} of ${name ?? 'it'} failed`);
    }
  };
  const calls: TPipelineCalls = {
    createAdGroup: vi.fn(async (body) => {
      log.push(`ad group ${body.name} in ${body.bgCampaignId}`);
      maybeFail('createAdGroup');
      return makeAdGroup({ name: body.name, bgCampaignId: body.bgCampaignId, adGroupType: body.adGroupType });
    }),
    createAdGroupTemplate: vi.fn(async (body) => {
      log.push(`ad-group template ${body.name}`);
      return makeAdGroupTemplate({ id: 'bg-ad-group-template-summer', name: body.name });
    }),
    uploadUrl: vi.fn(async (query) => {
      log.push(`upload url ${query.fileName}`);
      return {
        uploadUrl: `https://storage.example/put/${query.fileName}`,
        method: 'PUT' as const,
        headers: { 'Content-Type': query.mimetype },
        sourceUrl: `https://storage.example/uploads/${query.fileName}`,
        expiresAt: '2026-11-26T12:00:00.000Z',
      };
    }),
    uploadCreative: vi.fn(async (body) => {
      log.push(`creative ${body.name} from ${body.sourceUrl}`);
      maybeFail('uploadCreative', body.name);
      const creative = makeCreative({ bgCreativeId: `bgCreative-${body.name.replace('.png', '')}`, name: body.name });
      made.push(creative);
      return creative;
    }),
    createCreative: vi.fn(async (body) => {
      log.push(`creative ${body.name} copied from ${body.sourceUrl}`);
      const creative = makeCreative({ bgCreativeId: `bgCreative-${body.name.replace('.png', '')}`, name: body.name });
      made.push(creative);
      return creative;
    }),
    createCreativeTemplate: vi.fn(async (body) => {
      log.push(`creative template ${body.name} of ${body.adGroupTemplateId}`);
      maybeFail('createCreativeTemplate', body.name);
      return makeCreativeTemplate({ id: `bg-creative-template-${body.name.replace('.png', '')}`, name: body.name });
    }),
    listCreatives: vi.fn(async (adGroupId) => {
      log.push(`list creatives of ${adGroupId}`);
      return made;
    }),
    listCreativeTemplates: vi.fn(async (id) => {
      log.push(`list creative templates of ${id}`);
      return [makeCreativeTemplate({ id: 'bg-creative-template-one', name: 'one.png' })];
    }),
    deleteAdGroup: vi.fn(async (adGroupId) => log.push(`delete ad group ${adGroupId}`)),
    deleteCreative: vi.fn(async (creative) => log.push(`delete creative ${creative.bgCreativeId}`)),
  };
  const put = vi.fn<TPutFile>(async (url, _headers, file, onProgress) => {
    log.push(`put ${url}`);
    maybeFail('put', file.name);
    onProgress?.(file.size, file.size);
  });
  return { calls, log, put };
}

describe('the ad-group pipeline', () => {
  it('in a campaign: ad group, its template, each file uploaded and made a creative, the creative templates, the ids', async () => {
    // Prepare
    const { calls, log, put } = recordingCalls();
    const events: TPipelineEvent[] = [];

    // Act
    const result = await runAdGroupPipeline({ source: UPLOAD, target: CAMPAIGN }, emptyPipelineState, calls, {
      onState: () => undefined,
      onEvent: (event) => events.push(event),
      put,
    });

    // Assess
    expect(log).toEqual([
      'ad group Summer banners in bg-campaign-summer',
      'ad-group template Summer banners',
      'upload url a.png',
      'put https://storage.example/put/a.png',
      'creative a.png from https://storage.example/uploads/a.png',
      'upload url b.png',
      'put https://storage.example/put/b.png',
      'creative b.png from https://storage.example/uploads/b.png',
      'creative template a.png of bg-ad-group-template-summer',
      'creative template b.png of bg-ad-group-template-summer',
      'list creatives of bg-ad-group-summer',
    ]);
    expect(result).toEqual({
      kind: 'campaign',
      createdAdGroup: {
        adGroupId: 'bg-ad-group-summer',
        name: 'Summer banners',
        adGroupType: 'image',
        adGroupTemplateId: 'bg-ad-group-template-summer',
        creativeIds: ['bgCreative-a', 'bgCreative-b'],
      },
    });
    expect(events).toContainEqual({ step: 'upload', name: 'a.png', loaded: 1_000, total: 1_000 });
    // The creative template keeps the bidder creative of the upload.
    expect(calls.createCreativeTemplate).toHaveBeenCalledWith(
      expect.objectContaining({ creativeTemplateSrc: 'https://storage.example/uploads/a.png', beeswaxCreativeId: 801 }),
    );
  });

  it('resumes after a failed file without redoing the ad group, the template or the files already done', async () => {
    // Prepare
    const { calls, log, put } = recordingCalls({ call: 'uploadCreative', name: 'b.png' });
    let state: TPipelineState = emptyPipelineState;
    const hooks = { onState: (next: TPipelineState) => (state = next), put };

    // Act
    const failed = runAdGroupPipeline({ source: UPLOAD, target: CAMPAIGN }, state, calls, hooks);

    // Assess
    await expect(failed).rejects.toEqual(expect.any(PipelineFileError));
    await expect(failed).rejects.toMatchObject({ fileName: 'b.png', message: 'uploadCreative of b.png failed' });
    expect(state.sourceUrls).toEqual({
      'a.png': 'https://storage.example/uploads/a.png',
      'b.png': 'https://storage.example/uploads/b.png',
    });
    expect(Object.keys(state.creatives)).toEqual(['a.png']);

    // Act
    log.length = 0;
    const result = await runAdGroupPipeline({ source: UPLOAD, target: CAMPAIGN }, state, calls, hooks);

    // Assess: b.png is not uploaded again, only made a creative
    expect(log).toEqual([
      'creative b.png from https://storage.example/uploads/b.png',
      'creative template a.png of bg-ad-group-template-summer',
      'creative template b.png of bg-ad-group-template-summer',
      'list creatives of bg-ad-group-summer',
    ]);
    expect(result.kind === 'campaign' && result.createdAdGroup.creativeIds).toEqual(['bgCreative-a', 'bgCreative-b']);
  });

  it('names the file whose upload to storage failed', async () => {
    // Prepare
    const { calls, put } = recordingCalls({ call: 'put', name: 'a.png' });

    // Act
    const outcome = runAdGroupPipeline({ source: UPLOAD, target: CAMPAIGN }, emptyPipelineState, calls, {
      onState: () => undefined,
      put,
    });

    // Assess
    await expect(outcome).rejects.toMatchObject({ fileName: 'a.png', message: 'put of a.png failed' });
    expect(calls.uploadCreative).not.toHaveBeenCalled();
  });

  it('makes a saved template into the ad group: creatives copied from its creative templates, no new template', async () => {
    // Prepare
    const { calls, log } = recordingCalls();
    const template = makeAdGroupTemplate();

    // Act
    const result = await runAdGroupPipeline(
      { source: { kind: 'template', template }, target: CAMPAIGN },
      emptyPipelineState,
      calls,
      { onState: () => undefined },
    );

    // Assess
    expect(log).toEqual([
      'ad group Evergreen banners in bg-campaign-summer',
      'list creative templates of bg-ad-group-template-evergreen',
      'creative one.png copied from https://assets.example/templates/leaderboard.png',
      'list creatives of bg-ad-group-summer',
    ]);
    expect(result).toEqual({
      kind: 'campaign',
      createdAdGroup: expect.objectContaining({
        adGroupTemplateId: 'bg-ad-group-template-evergreen',
        creativeIds: ['bgCreative-one'],
      }),
    });
    expect(calls.createAdGroupTemplate).not.toHaveBeenCalled();
  });

  it('on /ads-upload makes only the ad-group template and its creative templates, resuming after a failure', async () => {
    // Prepare
    const { calls, log, put } = recordingCalls({ call: 'createCreativeTemplate', name: 'b.png' });
    const target: TPipelineTarget = { kind: 'templateOnly', bgAdvertiserId: 'bgAdvertiser-acme' };
    let state: TPipelineState = emptyPipelineState;
    const hooks = { onState: (next: TPipelineState) => (state = next), put };

    // Act
    await expect(runAdGroupPipeline({ source: UPLOAD, target }, state, calls, hooks)).rejects.toMatchObject({
      fileName: 'b.png',
    });
    const result = await runAdGroupPipeline({ source: UPLOAD, target }, state, calls, hooks);

    // Assess
    expect(log).toEqual([
      'ad-group template Summer banners',
      'upload url a.png',
      'put https://storage.example/put/a.png',
      'upload url b.png',
      'put https://storage.example/put/b.png',
      'creative template a.png of bg-ad-group-template-summer',
      'creative template b.png of bg-ad-group-template-summer',
      'creative template b.png of bg-ad-group-template-summer',
    ]);
    expect(calls.createAdGroup).not.toHaveBeenCalled();
    expect(calls.uploadCreative).not.toHaveBeenCalled();
    expect(result.kind === 'templateOnly' && result.creativeTemplates.map((t: TCreativeTemplate) => t.name)).toEqual([
      'a.png',
      'b.png',
    ]);
  });

  it('gives another signature when the files, the details or the template change', () => {
    // Act
    const base = pipelineSignature(UPLOAD, CAMPAIGN);
    const fewer = pipelineSignature({ ...UPLOAD, files: [measured('a.png')] }, CAMPAIGN);
    const renamed = pipelineSignature({ ...UPLOAD, name: 'Winter banners' }, CAMPAIGN);
    const template = pipelineSignature({ kind: 'template', template: makeAdGroupTemplate() }, CAMPAIGN);

    // Assess
    expect(new Set([base, fewer, renamed, template]).size).toBe(4);
    expect(pipelineSignature({ ...UPLOAD }, CAMPAIGN)).toBe(base);
  });

  it('discards an ad group: its creatives listed, the ad group deleted, then each creative', async () => {
    // Prepare
    const { calls, log } = recordingCalls();
    await calls.uploadCreative({
      name: 'a.png',
      size: 1,
      mimetype: 'image/png',
      width: 300,
      height: 250,
      advertiser_id: 42,
      bg_advertiser_id: 'bgAdvertiser-acme',
      click_url: 'https://acme.example',
      adGroupId: 'bg-ad-group-summer',
    });
    log.length = 0;

    // Act
    await discardAdGroup({ adGroupId: 'bg-ad-group-summer' }, calls);

    // Assess
    expect(log).toEqual([
      'list creatives of bg-ad-group-summer',
      'delete ad group bg-ad-group-summer',
      'delete creative bgCreative-a',
    ]);
  });
});
