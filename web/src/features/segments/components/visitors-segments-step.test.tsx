import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { newCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import { makeAdvertiser } from '@/test/entity-fixtures';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { stepHarness } from '@/test/step-harness';
import { VisitorsSegmentsStep } from './visitors-segments-step';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const GATE = 'Please, select at least one segment';
const PIXEL = '<img src="https://segment.prod.bidr.io/associate-segment?segment_key=k1" width="1" />';

const segment = (key: string, name: string, description: string): TRetargetingSegment => ({
  segment_key: key,
  segment_name: name,
  segment_description: description,
  create_date: '2026-11-20T10:00:00.000Z',
  tag: `${PIXEL}\n<script>load('${key}')</script>`,
});

function renderStep() {
  const advertiser = makeAdvertiser();
  const made = segment('k3', 'Cart abandoners', '');
  const api = createFakeApi({
    listSegmentsByAdvertiser: () => ({
      payload: [segment('k1', 'Pricing visitors', 'Viewed pricing'), segment('k2', 'Q4 list', 'Hashed Emails for Q4')],
    }),
    createSegment: () => ({ payload: made }),
  });
  const { element, state, next } = stepHarness(VisitorsSegmentsStep, {
    draft: { ...newCampaignDraft(), selectedAdvertiser: advertiser },
  });
  renderWithApi(api, element, { path: '/wizard', session });
  return { api, state, next, advertiser };
}

describe('wizard Visitors Re-targeting Segments step', () => {
  it("lists the visitor segments (CRM ones hidden, the tag's first image hidden) and gates Next on a choice", async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, next } = renderStep();
    const list = await screen.findByRole('list', { name: 'Segments' });

    // Act / Assess: nothing chosen.
    expect(await next()).toEqual({ advance: false, message: GATE });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Q4 list')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tag of Pricing visitors')).toHaveTextContent("<script>load('k1')</script>");
    expect(screen.getByLabelText('Tag of Pricing visitors')).not.toHaveTextContent('<img');

    // Act: choose it.
    await user.click(screen.getByRole('checkbox', { name: 'Pricing visitors' }));

    // Assess
    expect(state.draft.selectedSegmentIds).toEqual(['k1']);
    await vi.waitFor(async () => expect(await next()).toEqual({ advance: true }));
  });

  it('creates a segment in the modal (name required) and chooses it', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api, state, advertiser } = renderStep();
    await screen.findByRole('list', { name: 'Segments' });

    // Act: Create without a name.
    await user.click(screen.getByRole('button', { name: 'Create Segment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    expect(await within(dialog).findByText('Required field.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.operation === 'createSegment')).toEqual([]);

    // Act: with a name.
    await user.type(within(dialog).getByLabelText(/Segment Name/), 'Cart abandoners');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    await vi.waitFor(() => expect(state.draft.selectedSegmentIds).toEqual(['k3']));
    expect(api.calls.find((c) => c.operation === 'createSegment')?.body).toEqual({
      name: 'Cart abandoners',
      description: '',
      advertiserId: advertiser.bgAdvertiserId,
    });
  });
});
