import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser } from '../advertiser.fixtures';
import { CreateAdvertiserSlot } from './create-advertiser-slot';

configure({ asyncUtilTimeout: 5_000 });

describe('Create Advertiser slot (the wizard\'s "Create New")', () => {
  it("creates the advertiser for the session's agency and hands it to the page", async () => {
    // Prepare
    const user = userEvent.setup();
    const created = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-gamma', name: 'Gamma Bikes' });
    const api = createFakeApi({ createAdvertiser: () => ({ payload: created }) });
    const onCreated = vi.fn<(advertiser: TAdvertiser) => void>();
    renderWithApi(api, <CreateAdvertiserSlot open onOpenChange={() => undefined} onCreated={onCreated} />, {
      path: '/wizard',
      session: fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Advertiser' });

    // Act
    const values: Record<string, string> = {
      Name: 'Gamma Bikes',
      Domain: 'gamma-bikes.example',
      'Phone Number': '512 555 0142',
      'Address 1': '2 Side Road',
      City: 'Austin',
      State: 'TX',
      'Postal Code': '73301',
    };
    for (const [label, value] of Object.entries(values)) {
      await user.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(api.callsOf('createAdvertiser')[0]?.body).toMatchObject({
      name: 'Gamma Bikes',
      parentAgencyId: 'bgAgency-demo',
      createdBy: 'demo',
    });
  });
});
