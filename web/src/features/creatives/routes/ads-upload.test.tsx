import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { centerToaster, toaster } from '@/lib/toaster';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { mp4File, pngFile } from '@/test/media-files';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdGroupTemplate, makeAdvertiser, makeCreativeTemplate } from '../creatives.fixtures';
import { Component as AdsUploadPage } from './ads-upload';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const STORAGE = 'http://127.0.0.1:15569';
const acme = makeAdvertiser();
const globex = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-globex', beeswaxAdvertiserId: 43, name: 'Globex' });

function pageApi(templates: TAdGroupTemplate[], extra: FakeHandlers = {}): FakeHandlers {
  return {
    listAdvertisersByAgency: () => ({ payload: [acme, globex] }),
    listAdGroupTemplates: ({ params }) => ({
      payload: templates.filter((template) => template.bgAdvertiserId === params['advertiserId']),
    }),
    listCreativeTemplatesByAdGroupTemplate: ({ params }) => ({
      payload: [makeCreativeTemplate({ adGroupTemplateId: params['id'] as TAdGroupTemplate['id'] })],
    }),
    getCreativeUploadUrl: ({ query }) => ({
      payload: {
        uploadUrl: `${STORAGE}/uploads/${query['fileName']}?signature=x`,
        method: 'PUT',
        headers: { 'Content-Type': query['mimetype'] },
        sourceUrl: `${STORAGE}/uploads/${query['fileName']}`,
        expiresAt: '2026-11-26T12:00:00.000Z',
      },
    }),
    createAdGroupTemplate: () => ({
      payload: makeAdGroupTemplate({ id: 'bg-ad-group-template-summer', name: 'Summer banners', description: '' }),
    }),
    createCreativeTemplate: () => ({
      payload: makeCreativeTemplate({ id: 'bg-creative-template-banner', name: 'banner-300x250.png' }),
    }),
    ...extra,
  };
}

function renderPage(templates: TAdGroupTemplate[], extra: FakeHandlers = {}) {
  const puts: string[] = [];
  const api = createFakeApi(pageApi(templates, extra), {
    'PUT /uploads/banner-300x250.png': () => {
      puts.push('banner-300x250.png');
      return { status: 200, json: {} };
    },
  });
  renderWithApi(api, <AdsUploadPage />, { path: '/ads-upload', session });
  return { api, puts };
}

let toasts: MockInstance<typeof toaster.create>;
let centerToasts: MockInstance<typeof centerToaster.create>;
beforeEach(() => {
  toasts = vi.spyOn(toaster, 'create');
  centerToasts = vi.spyOn(centerToaster, 'create');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Ads Upload', () => {
  it('lists the chosen advertiser’s saved ad groups of the media type, with their creatives on expanding a row', async () => {
    // Prepare
    const user = userEvent.setup();
    renderPage([
      makeAdGroupTemplate(),
      makeAdGroupTemplate({ id: 'bg-ad-group-template-clips', name: 'Clips', adGroupType: 'video' }),
    ]);

    // Assess: nothing chosen yet
    expect(await screen.findByText('Please, select Advertiser')).toBeInTheDocument();

    // Act
    await user.selectOptions(await screen.findByLabelText('Advertiser'), 'Acme');

    // Assess: display templates only
    const table = await screen.findByRole('table', { name: 'Ad group templates of Acme' });
    expect(within(table).getByText('Evergreen banners')).toBeInTheDocument();
    expect(within(table).getByText('Always-on display set')).toBeInTheDocument();
    expect(within(table).queryByText('Clips')).not.toBeInTheDocument();

    // Act
    await user.click(within(table).getByRole('button', { name: 'Show creatives of Evergreen banners' }));

    // Assess
    const creatives = await screen.findByRole('table', { name: 'Creatives of Evergreen banners' });
    expect(within(creatives).getByRole('img', { name: 'leaderboard.png' })).toBeInTheDocument();
    expect(within(creatives).getByText('Top of page')).toBeInTheDocument();

    // Act: another advertiser without templates, then Video for Acme
    await user.selectOptions(screen.getByLabelText('Advertiser'), 'Globex');

    // Assess
    expect(
      await screen.findByText('There are no adgroup templates associated with "Globex" advertiser'),
    ).toBeInTheDocument();

    // Act
    await user.selectOptions(screen.getByLabelText('Advertiser'), 'Acme');
    await user.selectOptions(screen.getByLabelText('Media Type'), 'Video');

    // Assess
    const videos = await screen.findByRole('table', { name: 'Ad group templates of Acme' });
    expect(within(videos).getByText('Clips')).toBeInTheDocument();
    expect(within(videos).queryByText('Evergreen banners')).not.toBeInTheDocument();
  });

  it('checks each file by the upload rules, shows the valid and invalid ones, and saves the ad group as a template', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const { api, puts } = renderPage([]);
    await user.selectOptions(await screen.findByLabelText('Advertiser'), 'Acme');
    await user.click(screen.getByRole('tab', { name: 'Create New AdGroup' }));

    // Act: the details step's rule
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Assess
    expect(await screen.findByText('Required field.')).toBeInTheDocument();

    // Act
    await user.type(screen.getByLabelText(/Ad Group Name/), 'Summer banners');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    // Assess
    expect(await screen.findByText('Please, upload creative assets to continue.')).toBeInTheDocument();
    expect(screen.getByText("Choose Files to upload for this campaign's ad group")).toBeInTheDocument();

    // Act
    await user.upload(screen.getByLabelText('Choose files to upload'), [
      pngFile('banner-300x250.png', 300, 250),
      pngFile('odd.png', 123, 45),
      pngFile('heavy.png', 300, 250, 800_001),
      mp4File('clip.mp4', 640, 360, 17),
    ]);

    // Assess
    const invalid = await screen.findByRole('list', { name: 'Invalid assets' });
    expect(
      within(invalid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'File with the wrong dimension: odd.png, 123x45.',
      'File with the wrong size: heavy.png, 800001 bytes.',
      'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
    ]);
    const valid = screen.getByRole('list', { name: 'Valid assets' });
    expect(within(valid).getByText('banner-300x250.png (300x250, 100 bytes)')).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: 'File with the wrong dimension: odd.png, 123x45.',
        duration: 15_000,
      }),
    );
    expect(centerToasts).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: 'Rest Files are Successfully Loaded', duration: 10_000 }),
    );

    // Act: a preview can be shown and hidden
    await user.click(within(valid).getByRole('button', { name: 'Show preview of banner-300x250.png' }));
    expect(await within(valid).findByRole('img', { name: 'Preview of banner-300x250.png' })).toBeInTheDocument();
    await user.click(within(valid).getByRole('button', { name: 'Hide preview of banner-300x250.png' }));
    expect(within(valid).queryByRole('img', { name: 'Preview of banner-300x250.png' })).not.toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Assess: the template, the upload by presigned URL, its creative template; then the saved tab again
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'success', title: 'Ad group template "Summer banners" is saved.' }),
      ),
    );
    expect(
      api.calls.map((call) => call.operation).filter((name) => name.startsWith('create') || name.startsWith('get')),
    ).toEqual(['createAdGroupTemplate', 'getCreativeUploadUrl', 'createCreativeTemplate']);
    expect(api.callsOf('createAdGroupTemplate')[0]?.body).toEqual({
      bgAdvertiserId: 'bgAdvertiser-acme',
      name: 'Summer banners',
      description: '',
      adGroupType: 'image',
    });
    expect(puts).toEqual(['banner-300x250.png']);
    const form = api.fetch.mock.calls.find(([url]) => /\/api\/creatives\/templates\/create$/.test(String(url)))?.[1]
      ?.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual(
      expect.objectContaining({
        adGroupTemplateId: 'bg-ad-group-template-summer',
        creativeTemplateSrc: `${STORAGE}/uploads/banner-300x250.png`,
        creativeType: 'image/png',
        width: '300',
        height: '250',
      }),
    );
    expect(await screen.findByRole('tab', { name: 'Select From Saved AdGroups', selected: true })).toBeInTheDocument();
  });

  it('takes only mp4 videos for Video and notes an unusual duration', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    renderPage([]);
    await user.selectOptions(await screen.findByLabelText('Advertiser'), 'Acme');
    await user.selectOptions(screen.getByLabelText('Media Type'), 'Video');
    await user.click(screen.getByRole('tab', { name: 'Create New AdGroup' }));
    await user.type(screen.getByLabelText(/Ad Group Name/), 'Clips');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Act
    await user.upload(screen.getByLabelText('Choose files to upload'), [
      mp4File('teaser.mp4', 640, 360, 17),
      pngFile('banner-300x250.png', 300, 250),
    ]);

    // Assess
    const note =
      'The video creative has an unusual duration - 17 seconds. The most common durations are 15 and 30 seconds.';
    const valid = await screen.findByRole('list', { name: 'Valid assets' });
    expect(within(valid).getByText(note)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Invalid assets' })).getByRole('listitem')).toHaveTextContent(
      'Because you chose a video campaign, you are only able to upload videos for this campaign, not images.',
    );
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'warning', title: note }));

    // Act
    await user.click(within(valid).getByRole('button', { name: 'Remove teaser.mp4' }));

    // Assess
    expect(screen.queryByRole('list', { name: 'Valid assets' })).not.toBeInTheDocument();
  });

  it('keeps what was uploaded when saving a file fails, and the next Submit resumes there', async () => {
    // Prepare
    const user = userEvent.setup();
    let failing = true;
    const { api, puts } = renderPage([], {
      createCreativeTemplate: () =>
        failing
          ? { error: 'The template could not be saved.', status: 502 }
          : { payload: makeCreativeTemplate({ id: 'bg-creative-template-banner', name: 'banner-300x250.png' }) },
    });
    await user.selectOptions(await screen.findByLabelText('Advertiser'), 'Acme');
    await user.click(screen.getByRole('tab', { name: 'Create New AdGroup' }));
    await user.type(screen.getByLabelText(/Ad Group Name/), 'Summer banners');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(screen.getByLabelText('Choose files to upload'), [pngFile('banner-300x250.png', 300, 250)]);

    // Act
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    // Assess: the file says why; the API's own toast said it too
    const valid = screen.getByRole('list', { name: 'Valid assets' });
    expect(await within(valid).findByText('The template could not be saved.')).toBeInTheDocument();
    expect(api.onApiError).toHaveBeenCalledWith('The template could not be saved.');

    // Act
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Assess: no second template, no second upload
    await waitFor(() => expect(api.callsOf('createCreativeTemplate')).toHaveLength(2));
    expect(api.callsOf('createAdGroupTemplate')).toHaveLength(1);
    expect(api.callsOf('getCreativeUploadUrl')).toHaveLength(1);
    expect(puts).toEqual(['banner-300x250.png']);
  });
});
