import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';

/**
 * The flows the campaign wizard runs (001 §2): which page started it decides the step list, the
 * details step's name and the last step's label ('Create', 'Create Campaign', 'Create Template',
 * 'Save').
 */
export type TWizardFlow = 'managed' | 'custom' | 'fromTemplate' | 'createTemplate' | 'editTemplate';

/** What pressing Next on a step decided. */
export type TStepOutcome =
  /** Go on to the next step. */
  | { readonly advance: true }
  /**
   * Stay. `message` is shown as the 5 s gate toast (001 §5 "Step gates"); without it the step has
   * shown its own error (e.g. a failed upload) and nothing more is said.
   */
  | { readonly advance: false; readonly message?: string };

/** What Next runs for a step: its gate, and any work the step does before the wizard moves on. */
export type TStepNextHandler = () => Promise<TStepOutcome>;

/**
 * What every step screen receives. Step screens built by other features (the Ad Group step of
 * `creatives`, the targeting steps of `targeting`) reach the wizard through feature slots
 * (`lib/feature-slots.ts`) with these props, so no feature imports another.
 */
export interface TWizardStepProps {
  /** The draft as it stands (kept in session storage, so a reload keeps it). */
  readonly draft: TCampaignDraft;
  /** Changes the draft; the change is a function of the latest draft, so two quick edits never lose one. */
  readonly updateDraft: (change: (draft: TCampaignDraft) => TCampaignDraft) => void;
  /**
   * Makes another advertiser the draft's (Select Advertiser, and the Target Companies step's choice, 001 §2).
   * What belonged to the previous one is cleared, after a dialog that names it; Cancel keeps the old one.
   * Resolves with whether the advertiser is now the draft's.
   */
  readonly changeAdvertiser: (advertiser: TAdvertiser) => Promise<boolean>;
  readonly flow: TWizardFlow;
  /**
   * Registers what Next runs while this step is shown (null: Next just advances). A step registers
   * in an effect and the wizard drops the handler when the step changes.
   */
  readonly setNextHandler: (handler: TStepNextHandler | null) => void;
  /** True while Next's handler runs: steps disable their inputs so the work in flight stays consistent. */
  readonly busy: boolean;
}

/** Advance. */
export const advance: TStepOutcome = { advance: true };
/** Stay, with a gate message (or none when the step showed its own error). */
export const stay = (message?: string): TStepOutcome =>
  message === undefined ? { advance: false } : { advance: false, message };
