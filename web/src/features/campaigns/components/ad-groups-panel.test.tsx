import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import { apiErrorToastMs } from '@/lib/api/api-error';
import { toaster } from '@/lib/toaster';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bodyCellTexts } from '@/test/table-texts';
import { makeAdGroup, makeAdvertiser, makeCampaign, makeCreative } from '../campaigns.fixtures';
import { initialFrame } from '../time-frame';
import { AdGroupsPanel } from './ad-groups-panel';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const STORAGE = 'http://127.0.0.1:15569';

/** The server's ad groups and creatives, changed by the calls as the server would. */
interface World {
  adGroups: TAdGroup[];
  creatives: TCreative[];
}

function panelApi(world: World, extra: FakeHandlers = {}): FakeHandlers {
  let made = 0;
  return {
    listAdGroupsByCampaign: () => ({ payload: world.adGroups }),
    getCreativesReport: ({ query }) => ({ payload: world.creatives.filter((c) => c.adGroupId === query['adGroupId']) }),
    listCreativesByAdGroup: ({ params }) => ({ payload: world.creatives.filter((c) => c.adGroupId === params['id']) }),
    createAdGroup: ({ body }) => {
      const adGroup = makeAdGroup({ ...(body as Partial<TAdGroup>), adGroupId: 'bg-ad-group-new' });
      world.adGroups = [...world.adGroups, adGroup];
      return { payload: adGroup };
    },
    getCreativeUploadUrl: ({ query }) => ({
      payload: {
        uploadUrl: `${STORAGE}/creatives/${query['fileName']}?signature=x`,
        method: 'PUT',
        headers: { 'Content-Type': query['mimetype'] ?? '' },
        sourceUrl: `${STORAGE}/creatives/${query['fileName']}`,
        expiresAt: '2026-06-15T13:00:00.000Z',
      },
    }),
    uploadCreative: () => {
      made += 1;
      const creative = makeCreative({
        bgCreativeId: `bgCreative-new-${made}`,
        beeswaxCreativeId: 900 + made,
        adGroupId: 'bg-ad-group-new',
        name: `banner-${made}.png`,
        width: 300,
        height: 250,
        creativeSrc: `${STORAGE}/creatives/banner-${made}.png`,
        click_url: 'https://acme.example/summer',
      });
      world.creatives = [...world.creatives, creative];
      return { payload: creative };
    },
    deleteAdGroup: ({ body }) => {
      const { adGroupId } = body as { adGroupId: string };
      world.adGroups = world.adGroups.filter((g) => g.adGroupId !== adGroupId);
      return { payload: { adGroupId } };
    },
    deleteCreative: ({ body }) => {
      const { bgCreativeId } = body as { bgCreativeId: string };
      world.creatives = world.creatives.filter((c) => c.bgCreativeId !== bgCreativeId);
      return { payload: { bgCreativeId } };
    },
    ...extra,
  };
}

function renderPanel(world: World, extra: FakeHandlers = {}, campaign = makeCampaign()) {
  const puts: string[] = [];
  const api = createFakeApi(panelApi(world, extra), {
    'PUT /creatives/banner-300x250.png': () => {
      puts.push('banner-300x250.png');
      return { status: 200, json: {} };
    },
    'PUT /creatives/skyscraper.gif': () => {
      puts.push('skyscraper.gif');
      return { status: 200, json: {} };
    },
  });
  renderWithApi(api, <AdGroupsPanel advertiser={makeAdvertiser()} campaign={campaign} frame={initialFrame()} />, {
    path: '/advertisers/bgAdvertiser-acme',
    route: '/advertisers/:id',
    session,
  });
  return { api, puts };
}

/** jsdom decodes no images: this stand-in "loads" any object URL with the size its file name carries. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(url: string) {
    const size = /(\d+)x(\d+)/.exec(decodeURIComponent(url));
    queueMicrotask(() => {
      if (!size) return this.onerror?.();
      this.naturalWidth = Number(size[1]);
      this.naturalHeight = Number(size[2]);
      this.onload?.();
    });
  }
}

beforeEach(() => {
  vi.stubGlobal('Image', FakeImage);
  // The object URL carries the file's name, so the fake image knows its size.
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Campaign Creative List', () => {
  it('shows the loading and the empty texts', async () => {
    // Prepare
    let answer: (() => void) | undefined;

    // Act
    renderPanel(
      { adGroups: [], creatives: [] },
      {
        listAdGroupsByCampaign: () =>
          new Promise((resolve) => {
            answer = () => resolve({ payload: [] });
          }),
      },
    );

    // Assess
    expect(await screen.findByText('Please, wait while we get everything in order...')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByText('Unfortunately there is no information about Ad Groups...')).toBeInTheDocument();
  });

  it('expands the first ad group to its landing page and sortable creatives', async () => {
    // Prepare
    const user = userEvent.setup();
    const video = makeCreative({
      bgCreativeId: 'bgCreative-video',
      name: 'intro.mp4',
      creativeType: 'video/mp4',
      creativeSrc: 'https://assets.example/intro.mp4',
      width: 640,
      height: 360,
      duration: null,
      creativeReports: [
        { ctr: 1, impressions: 500, clicks: 5, video_completes: 40, video_midpoints: 60, video_plays: 80 },
      ],
    });
    renderPanel({ adGroups: [makeAdGroup()], creatives: [makeCreative(), video] });

    // Act
    const table = await screen.findByRole('table', { name: 'Creatives of Spring banners' });

    // Assess
    const list = screen.getByRole('table', { name: 'Campaign Creative List' });
    const listHead = list.querySelector('thead') as HTMLElement;
    expect(
      within(listHead)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Expand', 'Name', 'Created By', 'Created Date']);
    expect(screen.getByRole('button', { name: 'Hide the creatives of Spring banners' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('link', { name: 'https://acme.example/spring' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Asset',
      'Name',
      'Height',
      'Width',
      'Duration',
      'Creative Type',
      'Impressions',
      'Clicks',
      'CTR',
      'Video Completes',
      'Video Plays',
      'Video Midpoints',
      'Creative Date',
    ]);
    const rows = () => bodyCellTexts(table);
    expect(rows()[1]).toEqual([
      'Video',
      'intro.mp4',
      '360',
      '640',
      '60 s',
      'video/mp4',
      '500',
      '5',
      '1.00%',
      '40',
      '80',
      '60',
      'Jan 2nd 2026',
    ]);
    expect(within(table).getByRole('img', { name: 'leaderboard.png' })).toHaveAttribute(
      'src',
      'https://assets.example/leaderboard.png',
    );

    // Act
    await user.click(within(table).getByRole('button', { name: 'Impressions' }));
    await user.click(within(table).getByRole('button', { name: 'Impressions' }));

    // Assess
    expect(rows().map((row) => row[1])).toEqual(['leaderboard.png', 'intro.mp4']);
  });

  it("edits the landing page, and says 'There was an error: {message}' when it fails", async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    let fail = true;
    const { api } = renderPanel(
      { adGroups: [makeAdGroup()], creatives: [makeCreative()] },
      {
        updateCreativesLandingPage: () =>
          fail ? { error: 'The bidder is unavailable.', status: 502 } : { payload: [makeCreative()] },
      },
    );
    await screen.findByRole('table', { name: 'Creatives of Spring banners' });

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Edit landing pages' }));
    const input = screen.getByLabelText('Landing page');
    await user.clear(input);
    await user.type(input, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    expect(await screen.findByText('Invalid URL format')).toBeInTheDocument();
    expect(api.callsOf('updateCreativesLandingPage')).toHaveLength(0);

    // Act
    await user.clear(input);
    await user.type(input, 'https://acme.example/summer');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', title: 'There was an error: The bidder is unavailable.' }),
      ),
    );

    // Act
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() => expect(api.callsOf('updateCreativesLandingPage')).toHaveLength(2));
    expect(api.callsOf('updateCreativesLandingPage')[1]?.body).toEqual({
      adGroupId: 'bg-ad-group-spring',
      landingPage: 'https://acme.example/summer',
    });
  });

  it('replaces the ad group with uploaded creatives: new ones first, then the old ones go', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const create = vi.spyOn(toaster, 'create');
    const world: World = { adGroups: [makeAdGroup()], creatives: [makeCreative()] };
    const { api, puts } = renderPanel(world);
    await screen.findByRole('table', { name: 'Creatives of Spring banners' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Upload New AdGroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload new AdGroup' });
    expect(within(dialog).getByRole('radio', { name: 'Video' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Display' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    // Assess: the rules of 001 §5
    expect(await within(dialog).findByText('Required field.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please, upload creative assets to continue.')).toBeInTheDocument();

    // Act
    await user.type(within(dialog).getByLabelText(/Ad Group Name/), 'Summer banners');
    expect(within(dialog).getByLabelText(/Landing Page/)).toHaveValue('https://acme.example/spring');
    await user.clear(within(dialog).getByLabelText(/Landing Page/));
    await user.type(within(dialog).getByLabelText(/Landing Page/), 'https://acme.example/summer');
    await user.upload(within(dialog).getByLabelText(/Creative files/), [
      new File(['x'], 'banner-300x250.png', { type: 'image/png' }),
      new File(['x'], 'odd-123x45.png', { type: 'image/png' }),
      new File(['x'], 'clip.mp4', { type: 'video/mp4' }),
    ]);

    // Assess
    const valid = await within(dialog).findByRole('list', { name: 'Valid assets' });
    expect(
      within(valid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('banner-300x250.png (300x250)')]);
    const invalid = within(dialog).getByRole('list', { name: 'Invalid assets' });
    expect(
      within(invalid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'File with the wrong dimension: odd-123x45.png, 123x45.',
      'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
    ]);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'File with the wrong dimension: odd-123x45.png, 123x45.', duration: 15_000 }),
    );

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    // Assess
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Creatives successfully replaced.', duration: 5_000 }),
      ),
    );
    expect(puts).toEqual(['banner-300x250.png']);
    expect(
      api.calls
        .map((call) => call.operation)
        .filter((name) =>
          ['createAdGroup', 'getCreativeUploadUrl', 'uploadCreative', 'deleteAdGroup', 'deleteCreative'].includes(name),
        ),
    ).toEqual(['createAdGroup', 'getCreativeUploadUrl', 'uploadCreative', 'deleteAdGroup', 'deleteCreative']);
    expect(api.callsOf('createAdGroup')[0]?.body).toEqual({
      bgAdvertiserId: 'bgAdvertiser-acme',
      bgCampaignId: 'bg-campaign-spring',
      name: 'Summer banners',
      description: '',
      adGroupType: 'image',
    });
    const uploadCall = api.fetch.mock.calls.find(([url]) => /\/api\/creatives\/upload$/.test(String(url)));
    const form = uploadCall?.[1]?.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      name: 'banner-300x250.png',
      sourceUrl: `${STORAGE}/creatives/banner-300x250.png`,
      mimetype: 'image/png',
      width: '300',
      height: '250',
      advertiser_id: '101',
      bg_advertiser_id: 'bgAdvertiser-acme',
      click_url: 'https://acme.example/summer',
      adGroupId: 'bg-ad-group-new',
      bgCampaignId: 'bg-campaign-spring',
    });
    expect(api.callsOf('deleteCreative')[0]?.body).toEqual({
      bgCreativeId: 'bgCreative-leaderboard',
      beeswaxCreativeId: 801,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload new AdGroup' })).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'Creatives of Summer banners' });
    expect(within(table).getByText('banner-1.png')).toBeInTheDocument();
  });

  it("keeps the old ad group and says 'There was an error: {message}' with the server's message when the replacement fails", async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    const world: World = { adGroups: [makeAdGroup()], creatives: [makeCreative()] };
    const { api } = renderPanel(world, {
      uploadCreative: () => ({ error: 'Bidder refused the creative.', status: 502 }),
    });
    await screen.findByRole('table', { name: 'Creatives of Spring banners' });
    await user.click(screen.getByRole('button', { name: 'Upload New AdGroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload new AdGroup' });
    await user.type(within(dialog).getByLabelText(/Ad Group Name/), 'Summer banners');
    await user.upload(within(dialog).getByLabelText(/Creative files/), [
      new File(['x'], 'banner-300x250.png', { type: 'image/png' }),
    ]);
    await within(dialog).findByRole('list', { name: 'Valid assets' });

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    // Assess: 001 §8's text with the server's message; the API's own error toast is an upload screen's (000 §8: 5 s).
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'There was an error: Bidder refused the creative.', duration: 5_000 }),
      ),
    );
    expect(apiErrorToastMs()).toBe(TOAST_MS.upload);
    expect(api.callsOf('deleteAdGroup').map((call) => call.body)).toEqual([{ adGroupId: 'bg-ad-group-new' }]);
    expect(world.adGroups.map((g) => g.adGroupId)).toEqual(['bg-ad-group-spring']);
    expect(screen.getByRole('dialog', { name: 'Upload new AdGroup' })).toBeInTheDocument();
  });
  it('replaces the ad group with the creatives of a template of the campaign kind', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    const world: World = { adGroups: [makeAdGroup()], creatives: [makeCreative()] };
    const template = {
      id: 'bg-ad-group-template-fall',
      bgAdvertiserId: 'bgAdvertiser-acme',
      createdBy: 'demo',
      name: 'Fall set',
      description: 'Autumn banners',
      adGroupType: 'image',
      createdAt: '2026-03-01T09:00:00.000Z',
    };
    const { api } = renderPanel(world, {
      listAdGroupTemplates: () => ({
        payload: [template, { ...template, id: 'bg-ad-group-template-reel', name: 'Reel', adGroupType: 'video' }],
      }),
      listCreativeTemplatesByAdGroupTemplate: () => ({
        payload: [
          {
            id: 'bg-creative-template-mrec',
            adGroupTemplateId: 'bg-ad-group-template-fall',
            creativeTemplateSrc: `${STORAGE}/templates/mrec.png`,
            creativeType: 'image/png',
            name: 'mrec.png',
            height: 250,
            width: 300,
            size_in_bytes: 30_000,
          },
        ],
      }),
      createCreative: () => ({
        payload: makeCreative({ bgCreativeId: 'bgCreative-mrec', adGroupId: 'bg-ad-group-new', name: 'mrec.png' }),
      }),
    });
    await screen.findByRole('table', { name: 'Creatives of Spring banners' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Choose Creatives From Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose creatives from templates' });
    await within(dialog).findByRole('radio', { name: /Fall set/ });
    await user.click(within(dialog).getByRole('button', { name: 'Replace Creatives' }));

    // Assess
    expect(within(dialog).queryByRole('radio', { name: /Reel/ })).not.toBeInTheDocument();
    expect(await within(dialog).findByText('Please, select Ad Group to continue.')).toBeInTheDocument();

    // Act
    await user.click(within(dialog).getByRole('radio', { name: /Fall set/ }));
    expect(await within(dialog).findByRole('img', { name: 'mrec.png' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replace Creatives' }));

    // Assess
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'Creatives successfully replaced.' })),
    );
    expect(api.callsOf('createAdGroup')[0]?.body).toMatchObject({ name: 'Fall set', adGroupType: 'image' });
    const form = api.fetch.mock.calls.find(([url]) => /\/api\/creatives\/create$/.test(String(url)))?.[1]
      ?.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      name: 'mrec.png',
      sourceUrl: `${STORAGE}/templates/mrec.png`,
      size: '30000',
      click_url: 'https://acme.example/spring',
      adGroupId: 'bg-ad-group-new',
    });
    expect(api.callsOf('deleteAdGroup')[0]?.body).toEqual({ adGroupId: 'bg-ad-group-spring' });
  });
});
