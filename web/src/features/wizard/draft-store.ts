import { useCallback, useEffect, useState } from 'react';
import type { TStepName } from '@bidgrid/shared/constants';
import { ZStepName } from '@bidgrid/shared/agency/playbook.schema';
import { newCampaignDraft, ZCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import * as z from '@bidgrid/shared/zod';
import {
  CAMPAIGN_DRAFT_KEY,
  CAMPAIGN_FLOW_RESET_EVENT,
  readCampaignSteps,
  setCampaignSteps,
  type FlowStep,
} from '@/lib/campaign-flow';

/**
 * The wizard's draft and position, kept in session storage (001 §4): a reload keeps the work, a new
 * flow (`startCampaignFlow` clears session storage), sidebar navigation and the header logo
 * (`resetCampaignFlow`, which fires `CAMPAIGN_FLOW_RESET_EVENT`) and Finish clear it.
 */

/** Where the wizard stands: the step shown and the steps whose Next went through. */
export const WIZARD_PROGRESS_KEY = 'campaignWizardProgress';

const ZWizardProgress = z.object({ active: z.nullable(ZStepName), done: z.array(ZStepName) });
export type TWizardProgress = z.infer<typeof ZWizardProgress>;

const EMPTY_PROGRESS: TWizardProgress = { active: null, done: [] };

const readJson = (key: string): unknown => {
  const raw = sessionStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The stored draft, or a new one. A new draft is stored on its first change, not when read: opening
 * the wizard after a reset leaves the storage empty (the sidebar's reset is seen as done), and the
 * first step's choice stores the draft with its `bg-campaign-` id long before the Ad Group step makes
 * anything under it. A stored draft that no longer parses (an older shape) gives way to a new one.
 */
export function loadDraft(): TCampaignDraft {
  const parsed = ZCampaignDraft.safeParse(readJson(CAMPAIGN_DRAFT_KEY));
  return parsed.success ? parsed.data : newCampaignDraft();
}

/** Stores the draft. */
export function saveDraft(draft: TCampaignDraft): void {
  sessionStorage.setItem(CAMPAIGN_DRAFT_KEY, JSON.stringify(draft));
}

/** The stored position, or the start. */
export function loadProgress(): TWizardProgress {
  const parsed = ZWizardProgress.safeParse(readJson(WIZARD_PROGRESS_KEY));
  return parsed.success ? parsed.data : EMPTY_PROGRESS;
}

export function saveProgress(progress: TWizardProgress): void {
  sessionStorage.setItem(WIZARD_PROGRESS_KEY, JSON.stringify(progress));
}

/** Forgets the draft and the position (Finish, and every reset of the campaign flow). */
export function clearWizardStorage(): void {
  sessionStorage.removeItem(CAMPAIGN_DRAFT_KEY);
  sessionStorage.removeItem(WIZARD_PROGRESS_KEY);
}

/** Calls `listener` after a reset of the campaign flow, once the caller that reset it set its new steps. */
function useFlowReset(listener: () => void): void {
  useEffect(() => {
    // The sidebar resets, then stores its entry's steps in the same click: read after it is done.
    const onReset = (): void => queueMicrotask(listener);
    window.addEventListener(CAMPAIGN_FLOW_RESET_EVENT, onReset);
    return () => window.removeEventListener(CAMPAIGN_FLOW_RESET_EVENT, onReset);
  }, [listener]);
}

/** What the wizard's route holds: the draft with its updater, the position, and the stored step list. */
export interface TDraftStore {
  readonly draft: TCampaignDraft;
  readonly updateDraft: (change: (draft: TCampaignDraft) => TCampaignDraft) => void;
  /** Replaces the draft (Reset, a template's seed). */
  readonly replaceDraft: (draft: TCampaignDraft) => void;
  readonly progress: TWizardProgress;
  readonly setProgress: (change: (progress: TWizardProgress) => TWizardProgress) => void;
  /** The flow's stored step list (`campaignSteps`); empty until a card, entry or page set one. */
  readonly steps: FlowStep[];
  readonly setSteps: (steps: FlowStep[]) => void;
}

/**
 * The wizard's state for one route: read from session storage, written on every change, and read
 * again after a reset of the campaign flow. One route holds it and hands it to its steps.
 */
export function useDraftStore(): TDraftStore {
  const [draft, setDraft] = useState<TCampaignDraft>(() => loadDraft());
  const [progress, setProgressState] = useState<TWizardProgress>(loadProgress);
  const [steps, setStepsState] = useState<FlowStep[]>(readCampaignSteps);

  const reload = useCallback(() => {
    setDraft(loadDraft());
    setProgressState(loadProgress());
    setStepsState(readCampaignSteps());
  }, []);
  useFlowReset(reload);

  const updateDraft = useCallback((change: (draft: TCampaignDraft) => TCampaignDraft) => {
    setDraft((previous) => {
      const next = change(previous);
      saveDraft(next);
      return next;
    });
  }, []);
  const replaceDraft = useCallback((next: TCampaignDraft) => {
    saveDraft(next);
    setDraft(next);
  }, []);
  const setProgress = useCallback((change: (progress: TWizardProgress) => TWizardProgress) => {
    setProgressState((previous) => {
      const next = change(previous);
      saveProgress(next);
      return next;
    });
  }, []);
  const setSteps = useCallback((next: FlowStep[]) => {
    setCampaignSteps(next);
    setStepsState(readCampaignSteps());
  }, []);

  return { draft, updateDraft, replaceDraft, progress, setProgress, steps, setSteps };
}

/** The step names of a progress as a set. */
export const doneSet = (progress: TWizardProgress): ReadonlySet<TStepName> => new Set(progress.done);
