import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { createFakeApi, renderWithApi, type FakeReply } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { stepHarness } from '@/test/step-harness';
import { StateProvincesStep } from './state-provinces-step';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

const region = (key: string, name: string, country: 'USA' | 'CAN'): TGeoOption => ({
  key,
  region_name: name,
  country_code_2: country === 'USA' ? 'US' : 'CA',
  country_code_3: country,
});
const OPTIONS = [
  region('US-TX', 'Texas', 'USA'),
  region('US-UT', 'Utah', 'USA'),
  region('CA-ON', 'Ontario', 'CAN'),
  region('CA-QC', 'Quebec', 'CAN'),
];

function renderStep(reply: () => FakeReply = () => ({ payload: OPTIONS })) {
  const { element, state, next } = stepHarness(StateProvincesStep);
  const api = createFakeApi({ listGeoOptions: reply });
  renderWithApi(api, element, { path: '/campaigns/create/custom', session });
  return { state, next };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('State/Province step', () => {
  it('stays with the gate message until a region is chosen', async () => {
    // Prepare
    const { next } = renderStep();
    await screen.findByRole('checkbox', { name: 'Texas' });

    // Act
    const outcome = await next();

    // Assess
    expect(outcome).toEqual({ advance: false, message: 'Please, select the required regions.' });
  });

  it("selects a country's regions with its Select all, keeps the options, and advances", async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, next } = renderStep();
    const usa = await screen.findByRole('region', { name: 'USA' });

    // Act
    await user.click(within(usa).getByRole('checkbox', { name: 'Select all USA' }));

    // Assess: the boxes follow the draft a render later, hence the waits.
    await waitFor(() => expect(within(usa).getByRole('checkbox', { name: 'Texas' })).toBeChecked());
    await waitFor(() => expect(within(usa).getByRole('checkbox', { name: 'Utah' })).toBeChecked());
    expect(within(section('CAN')).getByRole('checkbox', { name: 'Ontario' })).not.toBeChecked();
    expect(new Set(state.draft.selectedGeoTargetOptions)).toEqual(new Set(['USA_ALL', 'US-TX', 'US-UT']));
    expect(state.draft.geoTargetOptions).toEqual(OPTIONS);
    expect(await next()).toEqual({ advance: true });
  });

  it("unchecking a region clears its country's Select all", async () => {
    // Prepare
    const user = userEvent.setup();
    const { state } = renderStep();
    const can = await screen.findByRole('region', { name: 'CAN' });
    await user.click(within(can).getByRole('checkbox', { name: 'Select all CAN' }));
    await waitFor(() => expect(within(can).getByRole('checkbox', { name: 'Quebec' })).toBeChecked());

    // Act
    await user.click(within(can).getByRole('checkbox', { name: 'Quebec' }));

    // Assess
    await waitFor(() => expect(within(can).getByRole('checkbox', { name: 'Select all CAN' })).not.toBeChecked());
    await waitFor(() => expect(within(can).getByRole('checkbox', { name: 'Quebec' })).not.toBeChecked());
    expect(within(can).getByRole('checkbox', { name: 'Ontario' })).toBeChecked();
    expect(state.draft.selectedGeoTargetOptions).toEqual(['CA-ON']);
  });

  it('says so when the regions cannot be loaded', async () => {
    // Act
    renderStep(() => ({ error: 'Internal error', status: 500 }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('The regions could not be loaded.');
  });
});
