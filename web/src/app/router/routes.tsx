import type { RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { routeEntries, type GuardKind, type LayoutKind, type RouteName } from '@/config/paths';
import { AppShell, BareLayout } from '../shell/app-shell';
import { OpenGuard, ProtectedGuard, PublicOnlyGuard } from './guards';
import { layoutModules, pageModules, type PageModule } from './page-modules';
import { preloadLoader } from './preloaded-routes';
import { NotFoundPage, RouteError } from './route-error';

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
  dataLayout = layoutModules.data,
  publicDataLayout = layoutModules.publicData,
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
