import { act } from '@testing-library/react';
import { useState, type ComponentType, type ReactElement } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TStepNextHandler, TStepOutcome, TWizardFlow, TWizardStepProps } from '@/lib/wizard-step';

/** What a step test reads back: the latest draft, the Next handler the step registered, the advertisers it chose. */
export interface TStepHarnessState {
  draft: TCampaignDraft;
  handler: TStepNextHandler | null;
  advertiserChanges: TAdvertiser[];
}

/**
 * The wizard around one step screen, as the wizard itself does it: it keeps the draft (changes are
 * functions of the latest draft) and the step's registered Next handler. Render `element` inside
 * whatever providers the step needs (`renderWithApi`, a realtime context...), then press Next with
 * `next()` and read `state.draft`. A change of advertiser is recorded and set as it is (the clearing
 * and its dialog are the wizard's).
 */
export function stepHarness(
  Step: ComponentType<TWizardStepProps>,
  options: { draft?: TCampaignDraft; flow?: TWizardFlow; busy?: boolean } = {},
): { element: ReactElement; state: TStepHarnessState; next: () => Promise<TStepOutcome | undefined> } {
  const state: TStepHarnessState = { draft: options.draft ?? newCampaignDraft(), handler: null, advertiserChanges: [] };
  function Harness() {
    const [draft, setDraft] = useState(state.draft);
    return (
      <Step
        draft={draft}
        updateDraft={(change) =>
          setDraft((current) => {
            state.draft = change(current);
            return state.draft;
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
        flow={options.flow ?? 'custom'}
        setNextHandler={(handler) => {
          state.handler = handler;
        }}
        busy={options.busy ?? false}
      />
    );
  }
  const next = async (): Promise<TStepOutcome | undefined> => {
    let outcome: TStepOutcome | undefined;
    // A render started outside act (a realtime reply) registers its Next handler in an effect React runs
    // in a task of its own; a person's click comes after it, so the press waits for React's queued work.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    await act(async () => {
      outcome = await state.handler?.();
    });
    return outcome;
  };
  return { element: <Harness />, state, next };
}
