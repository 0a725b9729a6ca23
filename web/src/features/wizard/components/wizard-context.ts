import { createContext, useContext } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignStep } from '@bidgrid/shared/agency/playbook.schema';
import type { TStepName } from '@bidgrid/shared/constants';

/**
 * What the wizard's own steps need beyond the shared step props (`TWizardStepProps`): the step list
 * (the Summary sends the chosen layers), a way back to a step, Finish, and the draft's advertiser read
 * now. Steps of other features get only the shared props.
 */
export interface TWizardContext {
  readonly steps: readonly TCampaignStep[];
  readonly goToStep: (name: TStepName) => void;
  /** Finish (001 §2): resets steps and draft and goes to '/'. */
  readonly finish: () => void;
  /**
   * The draft's advertiser as the server has it now, also put into the draft (`useAdvertiserNow`): what
   * a check of its card or CRM connection reads. Rejects when the read failed (the API client said why).
   */
  readonly readAdvertiserNow: () => Promise<TAdvertiser | null>;
}

export const WizardContext = createContext<TWizardContext | null>(null);

/** The wizard around a step; throws outside it (a wiring bug). */
export function useWizard(): TWizardContext {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the campaign wizard.');
  return value;
}
