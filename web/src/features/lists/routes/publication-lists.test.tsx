import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdvertiser } from '@/test/entity-fixtures';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { CUSTOM_LIST, SINGLE_LIST, SPLIT_LIST } from '../list-fixtures';
import { Component as PublicationListsPage } from './publication-lists';

describe('Publication Lists page', () => {
  it("shows the chosen advertiser's custom lists and the public lists with their domains", async () => {
    // Prepare
    const user = userEvent.setup();
    const api = createFakeApi({
      listAdvertisersByAgency: () => ({ payload: [makeAdvertiser({ name: 'Acme Robotics' })] }),
      listPublicDomainLists: () => ({ payload: [SINGLE_LIST, SPLIT_LIST] }),
      listDomainListsByAdvertiser: () => ({ payload: [CUSTOM_LIST], nextCursor: null }),
    });
    renderWithApi(api, <PublicationListsPage />, {
      path: '/publication-lists',
      session: fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency }),
    });

    // Act
    const advertiser = screen.getByRole('combobox', { name: 'Advertiser' });
    await screen.findByRole('option', { name: 'Acme Robotics' });
    await user.selectOptions(advertiser, 'Acme Robotics');

    // Assess
    expect(await screen.findByText('Robotics trade sites')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 domains active')).toBeInTheDocument();
    expect(screen.getByText('forbes.com, bloomberg.com')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(api.callsOf('listDomainListsByAdvertiser')[0]?.params).toEqual({ id: makeAdvertiser().bgAdvertiserId });
  });
});
