import { advertiserRoutes } from './advertisers.wire';
import { authenticateRoute } from './auth.wire';
import { campaignRoutes } from './campaigns.wire';
import type { BuzzRoute } from './common.wire';
import { conversionEventRoutes } from './conversion-events.wire';
import { creativeRoutes } from './creatives.wire';
import { lineItemRoutes } from './line-items.wire';
import { listRoutes } from './lists.wire';
import { reportingRoutes } from './reporting.wire';
import { segmentRoutes } from './segments.wire';
import { targetingExpressionRoutes } from './targeting-expressions.wire';

/** Every route of the bidder we use, once: the entity routes and the reporting API's. */
export const BUZZ_ROUTES: readonly BuzzRoute[] = [
  authenticateRoute,
  ...Object.values(advertiserRoutes),
  ...Object.values(campaignRoutes),
  ...Object.values(lineItemRoutes),
  ...Object.values(targetingExpressionRoutes),
  ...Object.values(listRoutes),
  ...Object.values(creativeRoutes),
  ...Object.values(segmentRoutes),
  ...Object.values(conversionEventRoutes),
  ...Object.values(reportingRoutes),
];

/** The route a request matches (method and path, `:id` segments), or undefined. */
export function routeOf(method: string, path: string): BuzzRoute | undefined {
  const parts = path.split('/');
  return BUZZ_ROUTES.find((route) => {
    if (route.method !== method) return false;
    const pattern = route.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}
