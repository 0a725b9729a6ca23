import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router-dom';
import type { RouteName } from '@/config/paths';

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
      void import('./route-preloads').then(
        ({ routePreloads }) => routePreloads[name]({ params, url }),
        (error: unknown) => console.warn('The route preloads could not be loaded.', error),
      );
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
  };
}
