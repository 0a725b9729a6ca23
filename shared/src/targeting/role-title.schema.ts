import * as z from '../zod';
import { ZKeyText } from '../common/common.schema';

/** A bidder segment behind a role (001 §2: "each with segment_key entries"). */
export const ZCookieSet = z.object({
  segment_key: z.string().check(z.minLength(1)),
  segment_name: z.optional(z.string()),
});
export type TCookieSet = z.infer<typeof ZCookieSet>;

/** One role of a role type, with the segments that target it. */
export const ZRole = z.object({
  role: z.string().check(z.minLength(1)),
  roleId: z.string().check(z.minLength(1)),
  cookieSets: z.array(ZCookieSet),
});
export type TRole = z.infer<typeof ZRole>;

/** A role type and its roles (001 §3 `roleTitleList`: roleType, roleTypeId, roleSet). */
export const ZRoleType = z.object({
  roleType: z.string().check(z.minLength(1)),
  roleTypeId: z.string().check(z.minLength(1)),
  roleSet: z.array(ZRole),
});
export type TRoleType = z.infer<typeof ZRoleType>;

/** A saved role choice of a campaign template (001 §3 `roleTitles`: roleTypeId and roleId). */
export const ZRoleTitleChoice = z.object({
  roleTypeId: ZKeyText,
  roleId: ZKeyText,
});
export type TRoleTitleChoice = z.infer<typeof ZRoleTitleChoice>;

/**
 * The key of a role selection: `roleTypeId:roleId`, or `roleTypeId:..._ALL` for a role type's
 * "select all" entry, which is never saved (001 §2).
 */
export const roleSelectionKey = (choice: TRoleTitleChoice): string => `${choice.roleTypeId}:${choice.roleId}`;
