import { describe, expect, it, vi } from 'vitest';
import { uploadAsset, uploadedCreativeForm, type TCreativeCalls, type TPutFile } from './creative-makers';
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
});
