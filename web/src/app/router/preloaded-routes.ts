import { matchPath, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router-dom';
import { paths, type RouteName } from '@/config/paths';
import { layoutModules, pageModules } from './page-modules';

/**
 * The routes whose loader starts their page's reads and code early (`route-preloads.ts`, where each one's
 * preload is written: a name here without one there does not compile). A loader runs as soon as a
 * navigation (or the first load) matches, beside the lazy page module, so a page's data is on its way
 * before its code and the session check are done.
 */
export const PRELOADED_ROUTES = ['advertiser'] as const satisfies readonly RouteName[];
export type PreloadedRoute = (typeof PRELOADED_ROUTES)[number];

const isPreloaded = (name: RouteName): name is PreloadedRoute =>
  (PRELOADED_ROUTES as readonly RouteName[]).includes(name);

/** The address whose preload start-up began (`preloadFirstRoute`): its loader leaves it alone once. */
let startedAtStartUp: string | null = null;

/**
 * Starts the preload of the page the app opens on, when it is a preloaded route, at start-up: the page's
 * reads, and its code and the data layout's, which the router asks for only once the app renders. From the
 * route's loader the reads waited for the router and, behind the first render, for the main thread:
 * measured on the advertiser page, its first screen went out at 190 ms from there, at 115-140 ms from
 * start-up. The route's loader then skips that one address once (its reads are already on their way).
 */
export async function preloadFirstRoute(location: Pick<Location, 'href' | 'pathname'>): Promise<void> {
  for (const name of PRELOADED_ROUTES) {
    const match = matchPath(paths[name].path, location.pathname);
    if (!match) continue;
    const code = (load: () => Promise<unknown>): void => {
      // The router loads it again when it renders, and shows that failure.
      load().catch((error: unknown) => console.warn(`The code of ${name} could not be preloaded.`, error));
    };
    const preloads = import('./route-preloads');
    code(pageModules[name]);
    code(layoutModules.data);
    try {
      const { routePreloads } = await preloads;
      const url = new URL(location.href);
      routePreloads[name]({ params: match.params, url });
      startedAtStartUp = url.href;
    } catch (error) {
      // The route's loader tries again.
      console.warn('The route preloads could not be loaded.', error);
    }
    return;
  }
}

/**
 * The loader of a route, and when it runs again: none for a route without a preload; else one that starts
 * the preload and lets the navigation go on at once (it never waits for the reads). The preloads come in
 * their own chunk, so the operations they name stay out of the entry and the login route. It runs when the
 * route is entered or its path changes (another advertiser), not when a page only changes its query string
 * (the dashboard's `campaignId`): the page's own reads take over from there.
 */
export function preloadLoader(
  name: RouteName,
): { loader: LoaderFunction; shouldRevalidate: ShouldRevalidateFunction } | undefined {
  if (!isPreloaded(name)) return undefined;
  return {
    loader: ({ params, request }) => {
      const url = new URL(request.url);
      if (url.href === startedAtStartUp) {
        startedAtStartUp = null;
        return null;
      }
      void import('./route-preloads').then(
        ({ routePreloads }) => routePreloads[name]({ params, url }),
        (error: unknown) => console.warn('The route preloads could not be loaded.', error),
      );
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
  };
}
