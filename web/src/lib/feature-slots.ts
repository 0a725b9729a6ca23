import { createContext, useContext, type ComponentType } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TWizardStepProps } from './wizard-step';

/** What a slot on the advertiser page receives. */
export interface TAdvertiserSlotProps {
  readonly advertiser: TAdvertiser;
}

/** What the 'Create New' advertiser dialog slot receives (001 §2 Select Advertiser). */
export interface TCreateAdvertiserSlotProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onCreated: (advertiser: TAdvertiser) => void;
}

/**
 * Places where one feature shows another feature's screen. Features may not import each other (lint
 * boundary), so the page leaves a slot and the app (which may import every feature) fills it through
 * this context: the advertiser page renders the campaigns dashboard without knowing where it lives.
 */
export interface TFeatureSlots {
  /** The campaigns dashboard below the advertiser's panels (000 §2). */
  readonly campaignsDashboard: ComponentType<TAdvertiserSlotProps> | null;
  /** The wizard's Ad Group step (001 §2 "Ad group screen"), built by the creatives feature. */
  readonly adGroupStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's Target Companies step (001 §2), built by the targeting feature. */
  readonly targetCompaniesStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's State/Province step (001 §2), built by the targeting feature. */
  readonly stateProvincesStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's Zip Codes step (001 §2), built by the targeting feature. */
  readonly zipCodesStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's Role/Title step (001 §2), built by the targeting feature. */
  readonly roleTitlesStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's Publication Lists step (001 §2), built by the lists feature. */
  readonly publicationListsStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's Visitors Re-targeting Segments step (001 §2), built by the segments feature. */
  readonly visitorsSegmentsStep: ComponentType<TWizardStepProps> | null;
  /** The wizard's CRM Re-targeting Segments step (001 §2), built by the segments feature. */
  readonly crmSegmentsStep: ComponentType<TWizardStepProps> | null;
  /** The Create Advertiser dialog, opened by 'Create New' on the Select Advertiser step. */
  readonly createAdvertiserDialog: ComponentType<TCreateAdvertiserSlotProps> | null;
}

/** Every slot empty: what a page rendered alone sees (tests fill the slots they need on top of it). */
export const EMPTY_FEATURE_SLOTS: TFeatureSlots = {
  campaignsDashboard: null,
  adGroupStep: null,
  targetCompaniesStep: null,
  stateProvincesStep: null,
  zipCodesStep: null,
  roleTitlesStep: null,
  publicationListsStep: null,
  visitorsSegmentsStep: null,
  crmSegmentsStep: null,
  createAdvertiserDialog: null,
};

export const FeatureSlotsContext = createContext<TFeatureSlots>(EMPTY_FEATURE_SLOTS);

/**
 * The app's slot table: each slot's component, or null where the app provides none (e.g. a page rendered
 * alone in a test). Render a slot straight from the table, which the app makes once:
 *
 *   const { campaignsDashboard: Dashboard } = useFeatureSlots();
 *   return Dashboard ? <Dashboard advertiser={advertiser} /> : null;
 *
 * (A component returned by a function called in render counts as made during render for React's rules.)
 */
export function useFeatureSlots(): TFeatureSlots {
  return useContext(FeatureSlotsContext);
}
