import * as z from '../zod';
import { ZCountryCode2, ZCountryCode3 } from '../common/common.schema';

/**
 * Geo option (001 §3): one region of the State/Province step. `key` is what a selection saves;
 * the per-country "select all" keys (ending `_ALL`) are never saved.
 */
export const ZGeoOption = z.object({
  key: z.string().check(z.minLength(1)),
  region_name: z.string().check(z.minLength(1)),
  country_code_2: ZCountryCode2,
  country_code_3: ZCountryCode3,
});
export type TGeoOption = z.infer<typeof ZGeoOption>;
