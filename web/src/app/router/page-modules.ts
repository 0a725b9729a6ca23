import type { RouteName } from '@/config/paths';

/** A lazily loaded route module: exports `Component` (react-router's lazy route convention). */
export type PageModule = () => Promise<{ Component: React.ComponentType }>;

/**
 * The page of every route, one import each so Vite makes one chunk per page. Typed by `RouteName`, so
 * a route added to `paths` without a page does not compile.
 */
export const pageModules: Record<RouteName, PageModule> = {
  login: () => import('@/features/auth/routes/login'),
  requestPasswordReset: () => import('@/features/auth/routes/request-password-reset'),
  signUp: () => import('@/features/auth/routes/sign-up'),
  termsOfUse: () => import('@/features/legal/routes/terms-of-use'),
  privacyPolicy: () => import('@/features/legal/routes/privacy-policy'),
  publicCampaignsPicker: () => import('@/features/crm-card/routes/public-campaigns-picker'),
  dashboard: () => import('@/features/dashboard/routes/dashboard'),
  advertisers: () => import('@/features/advertisers/routes/advertisers'),
  advertiser: () => import('@/features/advertisers/routes/advertiser-detail'),
  createManagedCampaign: () => import('@/features/wizard/routes/managed-campaign'),
  createCustomCampaign: () => import('@/features/wizard/routes/custom-campaign'),
  createCampaignFromTemplate: () => import('@/features/wizard/routes/campaign-from-template'),
  visitorsRetargeting: () => import('@/features/segments/routes/visitors-retargeting'),
  crmRetargeting: () => import('@/features/segments/routes/crm-retargeting'),
  allBillingLogs: () => import('@/features/billing/routes/all-billing-logs'),
  invoices: () => import('@/features/billing/routes/invoices'),
  publicationLists: () => import('@/features/lists/routes/publication-lists'),
  zipCodes: () => import('@/features/targeting/routes/zip-codes'),
  adsUpload: () => import('@/features/creatives/routes/ads-upload'),
  targetCompanies: () => import('@/features/targeting/routes/target-companies'),
  rolesTitles: () => import('@/features/targeting/routes/roles-titles'),
  segmentsLogs: () => import('@/features/segments/routes/segments-logs'),
  campaignTemplates: () => import('@/features/wizard/routes/campaign-templates'),
  createCampaignTemplate: () => import('@/features/wizard/routes/create-campaign-template'),
};

/**
 * The data layouts: the signed-in pages' (and the open pages' that call the server), and the bare open
 * pages' that call the server (no realtime connection).
 */
export const layoutModules = {
  data: () => import('./data-layout'),
  publicData: () => import('./public-data-layout'),
} satisfies Record<string, PageModule>;
