import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { createFakeApi, renderWithApi, type FakeReply } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { stepHarness } from '@/test/step-harness';
import { noRolesMatch, ROLE_SEARCH_LABEL } from './role-title-picker';
import { RoleTitlesStep, ROLES_LOAD_FAILED } from './role-titles-step';
import { ROLE_CATALOG } from '../role-titles.fixtures';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const GATE = 'Please, select at least one Role/Title to continue.';

function renderStep(draft = newCampaignDraft(), reply: () => FakeReply = () => ({ payload: ROLE_CATALOG })) {
  const { element, state, next } = stepHarness(RoleTitlesStep, { draft });
  const api = createFakeApi({ listRoleTitles: reply });
  renderWithApi(api, element, { path: '/campaigns/create/custom', session });
  return { state, next };
}

describe('Role/Title step', () => {
  it('stays with the gate message until a role is chosen, then keeps it with its segments', async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, next } = renderStep();
    const it_ = await screen.findByRole('region', { name: 'Information Technology' });

    // Act / Assess: nothing chosen.
    expect(await next()).toEqual({ advance: false, message: GATE });

    // Act: one role.
    await user.click(within(it_).getByRole('checkbox', { name: 'Network Engineer' }));

    // Assess
    await waitFor(() => expect(within(it_).getByRole('checkbox', { name: 'Network Engineer' })).toBeChecked());
    expect(state.draft.campaignCookieSets).toEqual({ 'IT:IT-NET': [{ segment_key: 'seg-net' }] });
    expect(state.draft.roleTitleList).toEqual(ROLE_CATALOG);
    expect(screen.getByText('1 role selected')).toBeInTheDocument();
    expect(await next()).toEqual({ advance: true });
  });

  it("selects a type's roles with its Select all (a key never counted as a role), and unchecking one clears it", async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, next } = renderStep();
    const it_ = await screen.findByRole('region', { name: 'Information Technology' });

    // Act
    await user.click(within(it_).getByRole('checkbox', { name: 'Select all Information Technology' }));

    // Assess
    await waitFor(() => expect(within(it_).getByRole('checkbox', { name: 'Chief Information Officer' })).toBeChecked());
    expect(within(it_).getByRole('checkbox', { name: 'Network Engineer' })).toBeChecked();
    expect(
      within(screen.getByRole('region', { name: 'Finance' })).getByRole('checkbox', { name: 'Controller' }),
    ).not.toBeChecked();
    expect(Object.keys(state.draft.campaignCookieSets).sort()).toEqual(['IT:IT-CIO', 'IT:IT-NET', 'IT:IT_ALL']);
    expect(screen.getByText('2 roles selected')).toBeInTheDocument();

    // Act: one role off.
    await user.click(within(it_).getByRole('checkbox', { name: 'Chief Information Officer' }));

    // Assess
    await waitFor(() =>
      expect(within(it_).getByRole('checkbox', { name: 'Select all Information Technology' })).not.toBeChecked(),
    );
    expect(Object.keys(state.draft.campaignCookieSets)).toEqual(['IT:IT-NET']);

    // Act / Assess: only a select-all key left does not pass the gate.
    await user.click(within(it_).getByRole('checkbox', { name: 'Network Engineer' }));
    await waitFor(() => expect(state.draft.campaignCookieSets).toEqual({}));
    expect(await next()).toEqual({ advance: false, message: GATE });
  });

  it('filters the roles by a search, and says when nothing matches', async () => {
    // Prepare
    const user = userEvent.setup();
    renderStep();
    await screen.findByRole('region', { name: 'Finance' });

    // Act
    await user.type(screen.getByRole('searchbox', { name: ROLE_SEARCH_LABEL }), 'network');

    // Assess
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Finance' })).toBeNull());
    const it_ = screen.getByRole('region', { name: 'Information Technology' });
    // Its Select all and the one role that matches.
    expect(within(it_).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(it_).queryByRole('checkbox', { name: 'Chief Information Officer' })).toBeNull();

    // Act
    await user.clear(screen.getByRole('searchbox', { name: ROLE_SEARCH_LABEL }));
    await user.type(screen.getByRole('searchbox', { name: ROLE_SEARCH_LABEL }), 'astronaut');

    // Assess
    expect(await screen.findByText(noRolesMatch('astronaut'))).toBeInTheDocument();
  });

  it("fills a template's role keys with the catalogue's segments", async () => {
    // Prepare: a draft seeded from a template (keys only).
    const { state } = renderStep({ ...newCampaignDraft(), campaignCookieSets: { 'FIN:FIN-CTRL': [] } });
    const fin = await screen.findByRole('region', { name: 'Finance' });

    // Assess
    await waitFor(() => expect(within(fin).getByRole('checkbox', { name: 'Controller' })).toBeChecked());
    expect(state.draft.campaignCookieSets).toEqual({ 'FIN:FIN-CTRL': [{ segment_key: 'seg-ctrl' }] });
  });

  it('says so when the roles cannot be loaded', async () => {
    // Act
    renderStep(newCampaignDraft(), () => ({ error: 'Internal error', status: 500 }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('The roles and titles could not be loaded.');
  });

  it("stays while a template's role keys have no segments because the catalogue did not load", async () => {
    // Prepare: a draft seeded from a template (keys only), the catalogue failing.
    const { state, next } = renderStep({ ...newCampaignDraft(), campaignCookieSets: { 'FIN:FIN-CTRL': [] } }, () => ({
      error: 'Internal error',
      status: 500,
    }));
    await screen.findByRole('alert');

    // Act / Assess: going on would create the campaign without these roles.
    expect(await next()).toEqual({ advance: false, message: ROLES_LOAD_FAILED });
    expect(state.draft.campaignCookieSets).toEqual({ 'FIN:FIN-CTRL': [] });
  });
});
