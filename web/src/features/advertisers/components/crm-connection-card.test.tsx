import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser } from '../advertiser.fixtures';
import { CrmConnectionCard } from './crm-connection-card';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

describe('CrmConnectionCard', () => {
  it('Connect stores the advertiser id, asks for the authorization URL and goes there', async () => {
    // Prepare
    const user = userEvent.setup();
    const onLeave = vi.fn<(url: string) => void>();
    const url = 'http://127.0.0.1:15102/oauth/authorize?client_id=x&state=abc';
    const api = createFakeApi({ getHubspotAuthUrl: () => ({ payload: url }) });
    renderWithApi(api, <CrmConnectionCard advertiser={makeAdvertiser()} onLeave={onLeave} />, { path: '/', session });

    // Act
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    // Assess
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith(url));
    expect(localStorage.getItem('currentAdvertiserId')).toBe('bgAdvertiser-acme');
    expect(api.callsOf('getHubspotAuthUrl')[0]?.params).toEqual({ advertiserId: 'bgAdvertiser-acme' });
  });

  it('never follows an authorization URL that is not a web address', async () => {
    // Prepare
    const user = userEvent.setup();
    const onLeave = vi.fn<(url: string) => void>();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi({ getHubspotAuthUrl: () => ({ payload: 'javascript:alert(1)' }) });
    renderWithApi(api, <CrmConnectionCard advertiser={makeAdvertiser()} onLeave={onLeave} />, { path: '/', session });

    // Act
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    // Assess
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled());
    expect(onLeave).not.toHaveBeenCalled();
  });
});
