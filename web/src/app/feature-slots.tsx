import { lazy } from 'react';
import type { TFeatureSlots } from '@/lib/feature-slots';
import { lazyWithPreload } from '@/lib/lazy-with-preload';

/**
 * The campaigns dashboard of the advertiser page: preloaded by the page's route (`route-preloads.ts`), so it
 * renders with the page instead of suspending after it.
 */
export const campaignsDashboard = lazyWithPreload(() =>
  import('@/features/campaigns/components/campaigns-dashboard').then((module) => module.CampaignsDashboard),
);

/**
 * The app's slot fillers (see `lib/feature-slots.ts`). Each is lazy, so its code is a chunk of its own
 * that loads only when a page shows the slot (never on the login route).
 */
export const featureSlots: TFeatureSlots = {
  campaignsDashboard,
  adGroupStep: lazy(() =>
    import('@/features/creatives/components/ad-group-step').then((module) => ({ default: module.AdGroupStep })),
  ),
  targetCompaniesStep: lazy(() =>
    import('@/features/targeting/components/target-companies-step').then((module) => ({
      default: module.TargetCompaniesStep,
    })),
  ),
  stateProvincesStep: lazy(() =>
    import('@/features/targeting/components/state-provinces-step').then((module) => ({
      default: module.StateProvincesStep,
    })),
  ),
  zipCodesStep: lazy(() =>
    import('@/features/targeting/components/zip-codes-step').then((module) => ({ default: module.ZipCodesStep })),
  ),
  roleTitlesStep: lazy(() =>
    import('@/features/targeting/components/role-titles-step').then((module) => ({ default: module.RoleTitlesStep })),
  ),
  publicationListsStep: lazy(() =>
    import('@/features/lists/components/publication-lists-step').then((module) => ({
      default: module.PublicationListsStep,
    })),
  ),
  visitorsSegmentsStep: lazy(() =>
    import('@/features/segments/components/visitors-segments-step').then((module) => ({
      default: module.VisitorsSegmentsStep,
    })),
  ),
  crmSegmentsStep: lazy(() =>
    import('@/features/segments/components/crm-segments-step').then((module) => ({ default: module.CrmSegmentsStep })),
  ),
  createAdvertiserDialog: lazy(() =>
    import('@/features/advertisers/components/create-advertiser-slot').then((module) => ({
      default: module.CreateAdvertiserSlot,
    })),
  ),
};
