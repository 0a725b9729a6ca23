import type { ComponentType } from 'react';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TWizardFlow, TWizardStepProps } from '@/lib/wizard-step';
import { stepHarness as wizardlessStepHarness } from '@/test/step-harness';
import { WizardContext, type TWizardContext } from '../components/wizard-context';
import { stepsWithLayers } from '../wizard-flow';

/**
 * Test harness: the shared step harness (`@/test/step-harness`: a live draft, the registered Next
 * handler, changes of advertiser recorded) inside the wizard context of a flow, for the steps that read
 * it. `next()` runs the handler as it is, so a test may leave it pending (a question on screen).
 */
export function stepHarness(
  Step: ComponentType<TWizardStepProps>,
  options: { draft?: TCampaignDraft; flow?: TWizardFlow; context?: Partial<TWizardContext> } = {},
) {
  const flow = options.flow ?? 'custom';
  const base = wizardlessStepHarness(Step, { ...(options.draft ? { draft: options.draft } : {}), flow });
  const { state } = base;
  const context: TWizardContext = {
    steps: stepsWithLayers(flow, []),
    goToStep: () => undefined,
    finish: () => undefined,
    // The draft's own copy: the wizard's fresh read is `useAdvertiserNow`'s, tested with the wizard.
    readAdvertiserNow: async () => state.draft.selectedAdvertiser,
    ...options.context,
  };
  function Harness() {
    return <WizardContext.Provider value={context}>{base.element}</WizardContext.Provider>;
  }
  /** Presses Next: runs the handler the step registered. */
  const next = async () => {
    if (!state.handler) throw new Error('The step registered no Next handler.');
    return state.handler();
  };
  return { Harness, state, next, context };
}
