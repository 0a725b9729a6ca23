import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TCampaignTargetingEdit } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { fakeRealtime } from '@/test/fake-realtime';
import { demoAgency, fakeSession } from '@/test/render';
import { TargetingEditDialog } from './targeting-edit-dialog';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

const REGIONS: TGeoOption[] = [
  { key: 'US-TX', region_name: 'Texas', country_code_2: 'US', country_code_3: 'USA' },
  { key: 'CA-ON', region_name: 'Ontario', country_code_2: 'CA', country_code_3: 'CAN' },
];

const EDIT: TCampaignTargetingEdit = {
  bgCampaignId: 'bg-campaign-q3',
  revision: 2,
  targeting: ZTargetingSelections.parse({
    geo_country: ['USA'],
    geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }],
  }),
  companies: [
    { beeswaxLineItemId: 71, name: 'Globex', domain: 'globex.example' },
    { beeswaxLineItemId: 72, name: 'Initech', domain: 'initech.example' },
  ],
  hasCompanyLayer: true,
  maxCompanies: null,
  readOnly: false,
};

function renderDialog(edit: TCampaignTargetingEdit = EDIT) {
  const api = createFakeApi({
    getCampaignTargetingEdit: () => ({ payload: edit }),
    listGeoOptions: () => ({ payload: REGIONS }),
  });
  const realtime = fakeRealtime();
  realtime.client.start();
  const onClose = vi.fn();
  renderWithApi(
    api,
    <RealtimeContext.Provider value={realtime.client}>
      <TargetingEditDialog bgCampaignId="bg-campaign-q3" onClose={onClose} />
    </RealtimeContext.Provider>,
    { path: '/advertisers/bgAdvertiser-acme', route: '/advertisers/:id', session },
  );
  return { api, realtime, onClose };
}

describe('Edit Targeting', () => {
  it('sends the chosen regions, ZIPs and companies on the revision it read, with progress, then says what changed', async () => {
    // Prepare
    const user = userEvent.setup();
    const { realtime } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Targeting' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Texas' })).toBeChecked();

    // Act
    await user.click(within(dialog).getByText('Texas'));
    await user.click(within(dialog).getByText('Ontario'));
    await user.type(within(dialog).getByLabelText('ZIP codes'), '10001, 10001');
    await user.type(within(dialog).getByLabelText('Add companies'), 'hooli.example');
    await user.type(within(dialog).getByLabelText('Find a company'), 'glob');
    await user.click(within(dialog).getByText('Remove Globex (globex.example)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save targeting' }));
    const { socket, message } = await realtime.sentCall();
    socket.receive({ reqID: message['reqID'], done: 1, total: 3 });

    // Assess
    expect(message).toMatchObject({
      action: 'updateCampaignTargeting',
      bgCampaignId: 'bg-campaign-q3',
      revision: 2,
      addDomains: ['hooli.example'],
      removeLineItemIds: [71],
      layers: {
        targetingInfo: {
          geo_country: ['CAN'],
          geo_state: [{ country_code_3: 'CAN', region_name: 'Ontario', key: 'CA-ON' }],
          geo_zip: ['10001'],
        },
      },
    });
    expect(await within(dialog).findByText('Updating the bidder: 1 of 3 line items')).toBeInTheDocument();

    // Act
    socket.receive({
      event: 'campaignTargetingUpdated',
      reqID: message['reqID'],
      success: true,
      payload: {
        bgCampaignId: 'bg-campaign-q3',
        revision: 3,
        changed: true,
        targeting: EDIT.targeting,
        added: [{ beeswaxLineItemId: 90, name: 'Hooli', domain: 'hooli.example' }],
        removed: [{ beeswaxLineItemId: 71, name: 'Globex', domain: 'globex.example' }],
        notAdded: [],
        lineItemsUpdated: 1,
      },
      error: null,
    });

    // Assess
    expect(
      await within(dialog).findByText('Targeting saved: 1 company added, 1 company removed, 1 line item updated.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save targeting' })).not.toBeInTheDocument();
  });

  it('holds the ZIP codes to the targeting rule before anything is sent', async () => {
    // Prepare
    const user = userEvent.setup();
    const { realtime } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Targeting' });
    await within(dialog).findByRole('checkbox', { name: 'Texas' });

    // Act
    await user.type(within(dialog).getByLabelText('ZIP codes'), '10001, ABCDE');
    await user.click(within(dialog).getByRole('button', { name: 'Save targeting' }));

    // Assess: the field says why, and nothing was sent.
    expect(within(dialog).getByLabelText('ZIP codes')).toHaveAccessibleDescription(
      'Not a US ZIP code or a Canadian postal code: ABCDE',
    );
    expect(realtime.sockets.flatMap((socket) => socket.calls)).toEqual([]);

    // Act: fixed, then saved.
    await user.clear(within(dialog).getByLabelText('ZIP codes'));
    await user.type(within(dialog).getByLabelText('ZIP codes'), '10001, k1a 0b1');
    await user.click(within(dialog).getByRole('button', { name: 'Save targeting' }));

    // Assess
    const { message } = await realtime.sentCall();
    expect(message).toMatchObject({ layers: { targetingInfo: { geo_zip: ['10001', 'K1A 0B1'] } } });
  });

  it("shows the server's refusal and lets the person try again", async () => {
    // Prepare
    const user = userEvent.setup();
    const { realtime } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Targeting' });
    await within(dialog).findByRole('checkbox', { name: 'Texas' });

    // Act
    await user.type(within(dialog).getByLabelText('ZIP codes'), '10001');
    await user.click(within(dialog).getByRole('button', { name: 'Save targeting' }));
    const { socket, message } = await realtime.sentCall();
    const refusal = 'The targeting of this campaign was changed meanwhile. Please reload it and try again.';
    socket.receive({
      event: 'campaignTargetingUpdateError',
      reqID: message['reqID'],
      success: false,
      status: 409,
      payload: null,
      error: refusal,
    });

    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save targeting' })).toBeEnabled());
  });

  it('is read-only 175 or more days after the end, and offers no companies without a company layer', async () => {
    // Prepare / Act
    renderDialog({ ...EDIT, readOnly: true, hasCompanyLayer: false, companies: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Targeting' });

    // Assess
    expect(await within(dialog).findByText(/its targeting can no longer be changed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save targeting' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Texas' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Add companies')).not.toBeInTheDocument();
  });
});
