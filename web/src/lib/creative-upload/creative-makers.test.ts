import { describe, expect, it, vi } from 'vitest';
import {
  putWithProgress,
  uploadAsset,
  uploadedCreativeForm,
  type TCreativeCalls,
  type TPutFile,
} from './creative-makers';
import type { TMeasuredFile } from './measure-files';

const file = new File(['12345678'], 'banner.png', { type: 'image/png' });
const upload: TMeasuredFile = { file, name: 'banner.png', type: 'image/png', size: 8, width: 300, height: 250 };

describe('uploading an asset', () => {
  it('asks for a presigned URL, PUTs the file there with its byte progress, and answers the sourceUrl', async () => {
    // Prepare
    const uploadUrl = vi.fn<TCreativeCalls['uploadUrl']>(async () => ({
      uploadUrl: 'https://storage.example/put?signature=x',
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      sourceUrl: 'https://storage.example/uploads/bgAgency-a/u1/banner.png',
      expiresAt: '2026-11-26T12:00:00.000Z',
    }));
    const put = vi.fn<TPutFile>(async (_url, _headers, _file, onProgress) => {
      onProgress?.(4, 8);
      onProgress?.(8, 8);
    });
    const progress: Array<[number, number]> = [];

    // Act
    const sourceUrl = await uploadAsset(upload, 'bgAdvertiser-acme', { uploadUrl }, put, (loaded, total) =>
      progress.push([loaded, total]),
    );

    // Assess
    expect(uploadUrl).toHaveBeenCalledWith({
      bgAdvertiserId: 'bgAdvertiser-acme',
      fileName: 'banner.png',
      mimetype: 'image/png',
      size: 8,
    });
    expect(put).toHaveBeenCalledWith(
      'https://storage.example/put?signature=x',
      { 'Content-Type': 'image/png' },
      file,
      expect.any(Function),
    );
    expect(progress).toEqual([
      [4, 8],
      [8, 8],
    ]);
    expect(sourceUrl).toBe('https://storage.example/uploads/bgAgency-a/u1/banner.png');
  });

  it('makes the creative form of an uploaded file for its ad group and landing page', () => {
    // Act
    const form = uploadedCreativeForm(
      { ...upload, type: 'video/mp4', durationSeconds: 17 },
      'https://storage.example/uploads/x.mp4',
      {
        bgAdvertiserId: 'bgAdvertiser-acme',
        beeswaxAdvertiserId: 42,
        bgCampaignId: 'bg-campaign-spring',
        clickUrl: 'https://acme.example',
      },
      'bg-ad-group-spring',
    );

    // Assess
    expect(form).toEqual(
      expect.objectContaining({
        sourceUrl: 'https://storage.example/uploads/x.mp4',
        mimetype: 'video/mp4',
        duration: 17,
        advertiser_id: 42,
        adGroupId: 'bg-ad-group-spring',
        click_url: 'https://acme.example',
        bgCampaignId: 'bg-campaign-spring',
      }),
    );
  });

  it('PUTs with XMLHttpRequest: the presigned headers, each progress event, and a refusal as an error', async () => {
    // Prepare: a stand-in XHR that reports a quarter of the body, then answers with `status`
    const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
    let status = 200;
    class StubXhr {
      status = 0;
      upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', headers: {} as Record<string, string> };
      open(method: string, url: string) {
        this.request = { ...this.request, method, url };
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
        queueMicrotask(() => {
          this.upload.onprogress?.({ loaded: 2, total: 8, lengthComputable: true });
          this.status = status;
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', StubXhr);
    const progress: Array<[number, number]> = [];

    // Act
    await putWithProgress('https://storage.example/put', { 'Content-Type': 'image/png' }, file, (loaded, total) =>
      progress.push([loaded, total]),
    );
    status = 403;
    const refused = putWithProgress('https://storage.example/put', {}, file);

    // Assess
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: 'https://storage.example/put',
      headers: { 'Content-Type': 'image/png' },
      body: file,
    });
    expect(progress).toEqual([
      [2, 8],
      [8, 8],
    ]);
    await expect(refused).rejects.toThrow('The upload of banner.png failed (HTTP 403).');
    vi.unstubAllGlobals();
  });
});
