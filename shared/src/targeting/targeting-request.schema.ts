import * as z from '../zod';
import { geoOptionOf } from './geo-options';
import { ZTargetingSelections, ZTargetingState } from './targeting.schema';

/**
 * The targeting a request sets (a creation, a change after launch), checked against the geo options
 * before any bidder call. A module of its own, apart from the stored shape (`targeting.schema.ts`):
 * the catalog is data (about 2 KB), and every handler that reads a campaign parses its targeting.
 */

/** Ours: a region selection that names no region of the geo options (`GET /api/geo/options`). */
export const NOT_A_GEO_REGION = 'Not a region of the geo options';

/**
 * A region a request selects: one of the geo options, by its key of that country, or without a key by
 * its name (`geoOptionOf`), since the bidder's region comes from the option; anything else is refused
 * on the field that names it.
 */
export const ZTargetingStateRequest = ZTargetingState.check((ctx) => {
  if (geoOptionOf(ctx.value)) return;
  const field = ctx.value.key === undefined ? 'region_name' : 'key';
  ctx.issues.push({ code: 'custom', input: ctx.value[field], path: [field], message: NOT_A_GEO_REGION });
});

/** The targeting selections of a request: the stored shape, its regions of the geo options. */
export const ZTargetingSelectionsRequest = z.extend(ZTargetingSelections, {
  geo_state: z._default(z.array(ZTargetingStateRequest), []),
});
