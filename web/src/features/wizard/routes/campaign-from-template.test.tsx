import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DRAFT_KEY } from '@/lib/campaign-flow';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser, makeTemplate } from '../wizard.fixtures';
import { WIZARD_MESSAGES } from '../wizard-messages';
import { Component as FromTemplate } from './campaign-from-template';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

function renderPage(templates: ReturnType<typeof makeTemplate>[]) {
  const api = createFakeApi({
    listCampaignTemplatesByUser: () => ({ payload: templates }),
    listAdvertisersByAgency: () => ({ payload: [makeAdvertiser()] }),
    getAdGroupTemplate: ({ params }) => ({
      payload: {
        id: params['id'],
        bgAdvertiserId: 'bgAdvertiser-acme',
        createdBy: 'demo',
        name: 'Winter cuts',
        description: '',
        adGroupType: 'video',
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    }),
    getCampaignTemplateRoleTitles: () => ({ payload: [{ roleTypeId: 'rt-it', roleId: 'r-cio' }] }),
  });
  const view = renderWithApi(api, <FromTemplate />, {
    path: '/campaigns/create/from-template',
    session,
    extraRoutes: [{ path: '/create-campaign-template', element: <p>Template page</p> }],
  });
  return { api, ...view };
}

describe('Create from template page', () => {
  it("says 'It's empty here' without templates and offers Create Template", async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderPage([]);

    expect(await screen.findByText(WIZARD_MESSAGES.emptyTemplates)).toBeInTheDocument();
    expect(WIZARD_MESSAGES.emptyTemplates).toBe("It's empty here");

    // Act
    await user.click(screen.getByRole('button', { name: 'Create Template' }));

    // Assess
    expect(await screen.findByText('Template page')).toBeInTheDocument();
    expect(api.callsOf('listCampaignTemplatesByUser')[0]?.params).toEqual({ id: 'demo' });
  });

  it("lists the user's templates as cards and starts the wizard with a template's steps and data", async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderPage([
      makeTemplate({ selectedAdGroupTemplate: 'bg-ad-group-template-winter' }),
      makeTemplate({ id: 'tpl-2', templateName: 'Video push', name: 'Video campaign' }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: WIZARD_MESSAGES.fromTemplateHeading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeDisabled();

    // Act
    await user.click(screen.getByRole('radio', { name: /Evergreen ABM/ }));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Assess: the template's layers that have a screen (none here: no slots) and its data.
    const nav = await screen.findByRole('navigation', { name: 'Campaign steps' });
    expect(within(nav).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: 'Acme Robotics' })).toBeChecked();
    expect(JSON.parse(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY) ?? '{}')).toMatchObject({
      basicDetails: { name: 'Evergreen campaign', mediaType: 'video' },
      campaignTemplate: { id: 'tpl-1' },
      // 001 §4: seeded as an edit is, with the ad group and the role titles fetched for the template.
      selectedAdGroupTemplate: { id: 'bg-ad-group-template-winter', name: 'Winter cuts' },
      campaignCookieSets: { 'rt-it:r-cio': [] },
    });
    expect(api.callsOf('getAdGroupTemplate').map((call) => call.params)).toEqual([
      { id: 'bg-ad-group-template-winter' },
    ]);
    expect(api.callsOf('getCampaignTemplateRoleTitles')[0]?.params).toEqual({ id: 'tpl-1' });
  });
});
