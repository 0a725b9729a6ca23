import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import { captureDownloads, textOf } from '@/test/downloads';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bodyCellTexts } from '@/test/table-texts';
import { NO_ROLES_CHOSEN, ROLES_COPIED, ROLES_FILE, Component as RolesTitlesPage } from './roles-titles';
import { ROLE_CATALOG } from '../role-titles.fixtures';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

const CSV_HEADER = 'role_type,role_type_id,role,role_id,segment_key';

function renderPage() {
  const api = createFakeApi({ listRoleTitles: () => ({ payload: ROLE_CATALOG }) });
  renderWithApi(api, <RolesTitlesPage />, { path: '/roles-titles', session });
  return api;
}

describe('/roles-titles page', () => {
  it('lists the chosen roles with their segment keys and downloads them as a .csv', async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderPage();
    const fin = await screen.findByRole('region', { name: 'Finance' });
    expect(screen.getByText(NO_ROLES_CHOSEN)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    // Act
    await user.click(within(fin).getByRole('checkbox', { name: 'Select all Finance' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Information Technology' })).getByRole('checkbox', {
        name: 'Network Engineer',
      }),
    );
    const table = await screen.findByRole('table', { name: 'Chosen roles (2)' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    // Assess: the catalogue's order, whatever the order of the clicks.
    expect(bodyCellTexts(table)).toEqual([
      ['Information Technology', 'Network Engineer', 'seg-net'],
      ['Finance', 'Controller', 'seg-ctrl'],
    ]);
    expect(saved.map((file) => file.name)).toEqual([ROLES_FILE]);
    expect(await textOf(saved[0])).toBe(
      `${CSV_HEADER}\r\nInformation Technology,IT,Network Engineer,IT-NET,seg-net\r\nFinance,FIN,Controller,FIN-CTRL,seg-ctrl\r\n`,
    );
  });

  it('copies the chosen roles, and Clear empties the choice', async () => {
    // Prepare
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const toast = vi.spyOn(toaster, 'create');
    renderPage();
    const it_ = await screen.findByRole('region', { name: 'Information Technology' });
    await user.click(within(it_).getByRole('checkbox', { name: 'Chief Information Officer' }));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Copy List' }));

    // Assess
    await vi.waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${CSV_HEADER}\r\nInformation Technology,IT,Chief Information Officer,IT-CIO,seg-cio\r\n`,
      ),
    );
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: ROLES_COPIED }));

    // Act
    await user.click(screen.getByRole('button', { name: 'Clear' }));

    // Assess
    await waitFor(() => expect(screen.getByText(NO_ROLES_CHOSEN)).toBeInTheDocument());
    expect(within(it_).getByRole('checkbox', { name: 'Chief Information Officer' })).not.toBeChecked();
  });
});
