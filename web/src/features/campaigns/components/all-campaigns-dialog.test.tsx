import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixClock } from '@bidgrid/shared/clock';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { toaster } from '@/lib/toaster';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { captureDownloads, textOf } from '@/test/downloads';
import { makeAdvertiser, makeCampaign } from '../campaigns.fixtures';
import { AllCampaignsDialog } from './all-campaigns-dialog';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

/** Active 'Spring', inactive 'Paused', archived 'Old', as the server keeps them. */
function renderDialog() {
  const world: { campaigns: TCampaign[] } = {
    campaigns: [
      makeCampaign(),
      makeCampaign({ bgCampaignId: 'bg-campaign-paused', beeswaxCampaignId: 502, name: 'Paused', active: false }),
      makeCampaign({
        bgCampaignId: 'bg-campaign-old',
        beeswaxCampaignId: 503,
        name: 'Old',
        active: false,
        archived: true,
      }),
    ],
  };
  const update = (id: string, change: Partial<TCampaign>) => {
    world.campaigns = world.campaigns.map((c) => (c.bgCampaignId === id ? { ...c, ...change } : c));
    return { payload: world.campaigns.find((c) => c.bgCampaignId === id) };
  };
  const api = createFakeApi({
    listCampaignsByAdvertiser: () => ({ payload: world.campaigns }),
    getCampaignDailyReport: () => ({ payload: world.campaigns }),
    updateCampaignStatus: ({ body }) => {
      const { bgCampaignId, updateBody } = body as { bgCampaignId: string; updateBody: { active: boolean } };
      return update(bgCampaignId, updateBody);
    },
    archiveCampaign: ({ body }) => {
      const { bgCampaignId, updateBody } = body as { bgCampaignId: string; updateBody: { archived: boolean } };
      return update(bgCampaignId, updateBody);
    },
  });
  const onSaved = vi.fn(async () => {
    await api.apollo.refetchQueries({ include: 'active' });
  });
  renderWithApi(api, <AllCampaignsDialog advertiser={makeAdvertiser()} onClose={vi.fn()} onSaved={onSaved} />, {
    path: '/advertisers/bgAdvertiser-acme',
    route: '/advertisers/:id',
    session,
  });
  return { api, world, onSaved };
}

const toggle = (label: string) => screen.getByRole('checkbox', { name: label });

// The fixtures' campaigns run through 2026: the toggle rules (read-only 175 days after the end) are
// those of a day in their life, whatever day the suite runs.
let restoreClock: () => void;
beforeEach(() => {
  restoreClock = fixClock('2026-11-15T12:00:00Z');
});
afterEach(() => restoreClock());

describe('All-campaigns dialog', () => {
  it('lists every campaign with the spec columns and the toggle rules', async () => {
    // Act
    renderDialog();

    // Assess
    const dialog = await screen.findByRole('dialog', { name: '"Acme Outdoor" Advertiser Campaigns' });
    const table = await within(dialog).findByRole('table', { name: '"Acme Outdoor" Advertiser Campaigns' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      '',
      'Name',
      'Start Date',
      'End Date',
      'Active',
      'Archived',
      'Matched Accounts',
      'Clicks',
      'CTR',
      'Impressions',
      'Budget Spent',
      'CPC',
      'CPM',
      'Conversions',
    ]);
    expect(within(table).getByRole('checkbox', { name: 'Export All' })).toBeInTheDocument();
    expect(toggle('Archived: Spring Launch')).toBeDisabled();
    expect(toggle('Active: Old')).toBeDisabled();
    expect(toggle('Active: Paused')).toBeEnabled();
    expect(toggle('Archived: Paused')).toBeEnabled();
    expect(within(dialog).getByRole('combobox', { name: 'Time Frame' })).toHaveValue('ALL_TIME');
  });

  it('stages edits, says when there is nothing to save, then saves in a legal order and reloads', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    const { api, world, onSaved } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '"Acme Outdoor" Advertiser Campaigns' });
    await within(dialog).findByRole('table', { name: '"Acme Outdoor" Advertiser Campaigns' });

    // Act: nothing staged
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assess
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'There are no changes in rows to save.' }));

    // Act: a change and its undo is no change either
    await user.click(toggle('Active: Paused'));
    await user.click(toggle('Active: Paused'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(create).toHaveBeenCalledTimes(2);

    // Act: deactivate and archive Spring; unarchive Old
    await user.click(toggle('Active: Spring Launch'));
    expect(toggle('Archived: Spring Launch')).toBeEnabled();
    await user.click(toggle('Archived: Spring Launch'));
    await user.click(toggle('Archived: Old'));
    expect(toggle('Active: Old')).toBeEnabled();
    expect(api.callsOf('updateCampaignStatus')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Campaigns are successfully updated!', duration: 4_000 }),
      ),
    );
    expect(
      api.calls
        .filter((call) => ['updateCampaignStatus', 'archiveCampaign'].includes(call.operation))
        .map((call) => [call.operation, call.body]),
    ).toEqual([
      [
        'updateCampaignStatus',
        { bgCampaignId: 'bg-campaign-spring', beeswaxCampaignId: 501, updateBody: { active: false } },
      ],
      ['archiveCampaign', { bgCampaignId: 'bg-campaign-spring', updateBody: { archived: true } }],
      ['archiveCampaign', { bgCampaignId: 'bg-campaign-old', updateBody: { archived: false } }],
    ]);
    expect(onSaved).toHaveBeenCalled();
    expect(world.campaigns.map((c) => [c.name, c.active, c.archived])).toEqual([
      ['Spring Launch', false, true],
      ['Paused', false, false],
      ['Old', false, false],
    ]);
    await waitFor(() => expect(toggle('Archived: Spring Launch')).toBeChecked());
  });

  it("exports the ticked campaigns with ',' to the campaigns file, and asks for a selection first", async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    const saved = captureDownloads();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '"Acme Outdoor" Advertiser Campaigns' });
    await within(dialog).findByRole('table', { name: '"Acme Outdoor" Advertiser Campaigns' });

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    // Assess
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'Please, select campaigns to export' }));
    expect(saved).toHaveLength(0);

    // Act
    await user.click(within(dialog).getByRole('checkbox', { name: 'Export Paused' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    // Assess
    expect(saved.map((file) => file.name)).toEqual(['bidgrid-campaigns.csv']);
    const text = await textOf(saved[0]);
    expect(text).toBe(
      [
        '\uFEFF"Name","Start Date","End Date","Active","Archived","Matched Accounts","Clicks","CTR","Impressions","Budget Spent","CPC","CPM","Conversions"',
        '"Paused","Jan 1st 2026","Dec 31st 2026","No","No","12","120","0.40%","30,000","$150.00","$1.25","$5.00","6"',
        '',
      ].join('\r\n'),
    );
  });
});
