import { createContext, useContext, type ComponentType } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';

/** What a slot on the advertiser page receives. */
export interface TAdvertiserSlotProps {
  readonly advertiser: TAdvertiser;
}

/**
 * Places where one feature shows another feature's screen. Features may not import each other (lint
 * boundary), so the page leaves a slot and the app (which may import every feature) fills it through
 * this context: the advertiser page renders the campaigns dashboard without knowing where it lives.
 */
export interface TFeatureSlots {
  /** The campaigns dashboard below the advertiser's panels (000 §2). */
  readonly campaignsDashboard: ComponentType<TAdvertiserSlotProps> | null;
}

export const FeatureSlotsContext = createContext<TFeatureSlots>({ campaignsDashboard: null });

/** The component filling a slot, or null when the app provides none (e.g. a page rendered alone in a test). */
export function useFeatureSlot<K extends keyof TFeatureSlots>(name: K): TFeatureSlots[K] {
  return useContext(FeatureSlotsContext)[name];
}
