import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DRAFT_KEY, readCampaignSteps, resetCampaignFlow, setCampaignSteps } from '@/lib/campaign-flow';
import { abmFlowSteps } from '@/lib/campaign-flow';
import { loadDraft, useDraftStore, WIZARD_PROGRESS_KEY } from './draft-store';

describe('draft store', () => {
  it('stores nothing on opening, and the first change stores the draft with its campaign id', () => {
    // Prepare
    const { result, unmount } = renderHook(() => useDraftStore());
    const id = result.current.draft.basicDetails.bgCampaignId;
    expect(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY)).toBeNull();

    // Act
    act(() => result.current.updateDraft((draft) => ({ ...draft, landingPage: 'https://acme.example' })));
    unmount();

    // Assess
    expect(id).toMatch(/^bg-campaign-/);
    expect(loadDraft().basicDetails.bgCampaignId).toBe(id);
  });

  it('replaces a stored draft that no longer parses by a new one', () => {
    // Prepare
    sessionStorage.setItem(CAMPAIGN_DRAFT_KEY, '{"basicDetails": {"bgCampaignId": 7}}');

    // Act
    const draft = loadDraft();

    // Assess
    expect(draft.basicDetails.bgCampaignId).toMatch(/^bg-campaign-/);
    expect(draft.selectedAdvertiser).toBeNull();
  });

  it('keeps every change in session storage, and a new store (a reload) reads it back', () => {
    // Prepare
    const { result, unmount } = renderHook(() => useDraftStore());

    // Act
    act(() => {
      result.current.updateDraft((draft) => ({ ...draft, landingPage: 'https://acme.example' }));
      result.current.setProgress(() => ({ active: 'landing page', done: ['select advertiser'] }));
    });
    unmount();
    const reloaded = renderHook(() => useDraftStore()).result.current;

    // Assess
    expect(reloaded.draft.landingPage).toBe('https://acme.example');
    expect(reloaded.progress).toEqual({ active: 'landing page', done: ['select advertiser'] });
  });

  it('after a reset of the flow (sidebar) holds an empty draft and the steps the entry set, and stores nothing', async () => {
    // Prepare
    const { result } = renderHook(() => useDraftStore());
    act(() => result.current.updateDraft((draft) => ({ ...draft, landingPage: 'https://acme.example' })));

    // Act: the sidebar's ABM entry resets and sets its steps in one click.
    await act(async () => {
      resetCampaignFlow();
      setCampaignSteps(abmFlowSteps);
      await Promise.resolve();
    });

    // Assess
    expect(result.current.draft.landingPage).toBe('');
    expect(result.current.steps.map((step) => step.name)).toEqual(readCampaignSteps().map((step) => step.name));
    expect(result.current.steps).toHaveLength(8);
    expect(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY)).toBeNull();
    expect(sessionStorage.getItem(WIZARD_PROGRESS_KEY)).toBeNull();
  });
});
