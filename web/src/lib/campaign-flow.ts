import { ABM_STEPS, STEPS, STORAGE_KEYS, type TStepName } from '@bidgrid/shared/constants';

/**
 * Campaign-creation state that lives outside the wizard (spec 001 §1, 000 §2): the step list of the
 * flow being started and the isDynamicABA flag. The wizard (a later feature) reads these keys and
 * listens for `CAMPAIGN_FLOW_RESET_EVENT` to drop its in-memory draft.
 */
export const CAMPAIGN_STEPS_KEY = 'campaignSteps';
export const CAMPAIGN_DRAFT_KEY = 'campaignDraft';
export const CAMPAIGN_FLOW_RESET_EVENT = 'bidgrid:campaign-flow-reset';

/** One step of a flow, as playbooks carry them. */
export interface FlowStep {
  name: TStepName;
  order: number;
  label: string;
}

/** Resets campaign state and steps (header logo, every sidebar entry). */
export function resetCampaignFlow(): void {
  sessionStorage.removeItem(CAMPAIGN_STEPS_KEY);
  sessionStorage.removeItem(CAMPAIGN_DRAFT_KEY);
  localStorage.removeItem(STORAGE_KEYS.customCampaignType);
  window.dispatchEvent(new Event(CAMPAIGN_FLOW_RESET_EVENT));
}

/**
 * Starts a flow from a dashboard card (001 §1): clears session storage, stores isDynamicABA in local
 * storage and the card's steps when it has them.
 */
export function startCampaignFlow(options: { isDynamicABA: boolean; steps?: readonly FlowStep[] }): void {
  sessionStorage.clear();
  window.dispatchEvent(new Event(CAMPAIGN_FLOW_RESET_EVENT));
  localStorage.setItem(STORAGE_KEYS.isDynamicABA, String(options.isDynamicABA));
  if (options.steps && options.steps.length > 0) setCampaignSteps(options.steps);
}

/** Stores the step list of the current flow, sorted by order (001 §2: steps are sorted by order). */
export function setCampaignSteps(steps: readonly FlowStep[]): void {
  const sorted = [...steps].sort((a, b) => a.order - b.order);
  sessionStorage.setItem(CAMPAIGN_STEPS_KEY, JSON.stringify(sorted));
}

/** The stored step list, or an empty list. */
export function readCampaignSteps(): FlowStep[] {
  const raw = sessionStorage.getItem(CAMPAIGN_STEPS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as FlowStep[]) : [];
  } catch {
    return [];
  }
}

/** The ABM flow's fixed step list with labels (001 §2); its list order is its step order. */
export const abmFlowSteps: readonly FlowStep[] = ABM_STEPS.map((name, index) => ({
  name,
  label: STEPS[name].label,
  order: index + 1,
}));
