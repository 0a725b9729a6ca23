import { useState, type ComponentType } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import type { TStepNextHandler, TWizardFlow, TWizardStepProps } from '@/lib/wizard-step';
import { WizardContext, type TWizardContext } from '../components/wizard-context';
import { stepsWithLayers } from '../wizard-flow';

/**
 * Test harness: one step screen with a live draft, the Next handler it registers kept for the test to
 * run, and the wizard context of a custom flow. A change of advertiser is recorded and set as it is (the
 * clearing and its dialog are the wizard's).
 */
export function stepHarness(
  Step: ComponentType<TWizardStepProps>,
  options: { draft?: TCampaignDraft; flow?: TWizardFlow; context?: Partial<TWizardContext> } = {},
) {
  const state: {
    handler: TStepNextHandler | null;
    draft: TCampaignDraft;
    advertiserChanges: TAdvertiser[];
  } = {
    handler: null,
    draft: options.draft ?? newCampaignDraft(),
    advertiserChanges: [],
  };
  const flow = options.flow ?? 'custom';
  const context: TWizardContext = {
    steps: stepsWithLayers(flow, []),
    goToStep: () => undefined,
    finish: () => undefined,
    // The draft's own copy: the wizard's fresh read is `useAdvertiserNow`'s, tested with the wizard.
    readAdvertiserNow: async () => state.draft.selectedAdvertiser,
    ...options.context,
  };
  function Harness() {
    const [draft, setDraft] = useState(state.draft);
    state.draft = draft;
    return (
      <WizardContext.Provider value={context}>
        <Step
          draft={draft}
          updateDraft={(change) =>
            setDraft((current) => {
              const next = change(current);
              state.draft = next;
              return next;
            })
          }
          changeAdvertiser={async (advertiser) => {
            state.advertiserChanges.push(advertiser);
            setDraft((current) => {
              state.draft = { ...current, selectedAdvertiser: advertiser };
              return state.draft;
            });
            return true;
          }}
          flow={flow}
          setNextHandler={(handler) => {
            state.handler = handler;
          }}
          busy={false}
        />
      </WizardContext.Provider>
    );
  }
  /** Presses Next: runs the handler the step registered. */
  const next = async () => {
    if (!state.handler) throw new Error('The step registered no Next handler.');
    return state.handler();
  };
  return { Harness, state, next, context };
}
