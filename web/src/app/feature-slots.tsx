import { lazy } from 'react';
import type { TFeatureSlots } from '@/lib/feature-slots';

/**
 * The app's slot fillers (see `lib/feature-slots.ts`). Each is lazy, so its code is a chunk of its own
 * that loads only when a page shows the slot (never on the login route).
 */
export const featureSlots: TFeatureSlots = {
  campaignsDashboard: lazy(() =>
    import('@/features/campaigns/components/campaigns-dashboard').then((module) => ({
      default: module.CampaignsDashboard,
    })),
  ),
  adGroupStep: lazy(() =>
    import('@/features/creatives/components/ad-group-step').then((module) => ({ default: module.AdGroupStep })),
  ),
  // Filled by the features that build them (issue 11): the wizard shows what it is given.
  targetCompaniesStep: null,
  createAdvertiserDialog: null,
};
