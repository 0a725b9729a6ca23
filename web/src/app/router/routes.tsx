import type { RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { routeEntries, type GuardKind, type LayoutKind, type RouteName } from '@/config/paths';
import { AppShell, BareLayout } from '../shell/app-shell';
import { OpenGuard, ProtectedGuard, PublicOnlyGuard } from './guards';
import { preloadLoader } from './preloaded-routes';
import { NotFoundPage, RouteError } from './route-error';

/** A lazily loaded route module: exports `Component` (react-router's lazy route convention). */
type PageModule = () => Promise<{ Component: React.ComponentType }>;

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

const guardElement: Record<GuardKind, React.ReactElement> = {
  'public-only': <PublicOnlyGuard />,
  protected: <ProtectedGuard />,
  open: <OpenGuard />,
};

/**
 * Open pages that call the server (the sign-up page asks for the allow-list and stores the agency; the CRM
 * card's campaign picker lists campaigns and adds the company). In the shell they sit under the data layout
 * like the signed-in pages; bare ones (opened without any user) under the public data layout, which opens
 * no realtime connection. The other open pages (the legal ones) load no data layer.
 */
const OPEN_PAGES_WITH_DATA: ReadonlySet<RouteName> = new Set<RouteName>(['signUp', 'publicCampaignsPicker']);

const pageRoutes = (
  modules: Record<RouteName, PageModule>,
  guard: GuardKind,
  layout: LayoutKind,
  include: (name: RouteName) => boolean = () => true,
): RouteObject[] =>
  routeEntries
    .filter(([name, def]) => def.guard === guard && def.layout === layout && include(name))
    .map(([name, def]) => {
      const preload = preloadLoader(name);
      return { id: name, path: def.path, lazy: modules[name], ...preload };
    });

/**
 * The route tree: layout (shell or bare) -> guard -> pages. Signed-in pages (and the open pages that call
 * the server) sit under the lazily loaded data layout (Apollo provider; the public one for bare pages). Pages and the data layout are replaceable so tests can render the real
 * tree with light pages.
 */
export function createRoutes({
  pages: modules = pageModules,
  dataLayout = () => import('./data-layout'),
  publicDataLayout = () => import('./public-data-layout'),
}: {
  pages?: Record<RouteName, PageModule>;
  dataLayout?: PageModule;
  publicDataLayout?: PageModule;
} = {}): RouteObject[] {
  const protectedChildren = pageRoutes(modules, 'protected', 'shell');
  return [
    {
      id: 'root',
      errorElement: <RouteError />,
      HydrateFallback: () => <PageLoader />,
      children: [
        {
          element: <AppShell />,
          children: [
            { element: guardElement['public-only'], children: pageRoutes(modules, 'public-only', 'shell') },
            {
              element: guardElement.protected,
              children: [{ lazy: dataLayout, children: protectedChildren }],
            },
            {
              element: guardElement.open,
              children: [
                {
                  lazy: dataLayout,
                  children: pageRoutes(modules, 'open', 'shell', (name) => OPEN_PAGES_WITH_DATA.has(name)),
                },
                ...pageRoutes(modules, 'open', 'shell', (name) => !OPEN_PAGES_WITH_DATA.has(name)),
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          element: <BareLayout />,
          children: [
            {
              element: guardElement.open,
              children: [
                {
                  lazy: publicDataLayout,
                  children: pageRoutes(modules, 'open', 'bare', (name) => OPEN_PAGES_WITH_DATA.has(name)),
                },
                ...pageRoutes(modules, 'open', 'bare', (name) => !OPEN_PAGES_WITH_DATA.has(name)),
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** Every path the tree serves (for the coverage test). */
export function collectPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...collectPaths(route.children ?? [])]);
}
