import { SELECT_ALL_SUFFIX } from '@bidgrid/shared/constants';
import type { TCookieSet, TRole, TRoleType } from '@bidgrid/shared/targeting/role-title.schema';

/**
 * Chosen roles as the draft keeps them (001 §3 `campaignCookieSets`): `roleTypeId:roleId` -> that
 * role's segments, plus `roleTypeId:roleTypeId_ALL` (no segments) while a type's "select all" is on.
 */
export type TRoleSelections = Readonly<Record<string, TCookieSet[]>>;

/** The key of a role (001 §2 'roleTypeId:roleId'). */
export const roleKey = (type: Pick<TRoleType, 'roleTypeId'>, role: Pick<TRole, 'roleId'>): string =>
  `${type.roleTypeId}:${role.roleId}`;

/** The role type's "select all" key; kept while chosen so the box shows again, never saved. */
export const roleTypeAllKey = (type: Pick<TRoleType, 'roleTypeId'>): string =>
  `${type.roleTypeId}:${type.roleTypeId}${SELECT_ALL_SUFFIX}`;

const without = (selected: TRoleSelections, drop: ReadonlySet<string>): Record<string, TCookieSet[]> =>
  Object.fromEntries(Object.entries(selected).flatMap(([key, sets]) => (drop.has(key) ? [] : [[key, [...sets]]])));

/**
 * Checks or clears one role. Clearing any role clears its type's "select all" (as the State/Province
 * step does for a country); checking the last one left does not set it.
 */
export function toggleRole(
  selected: TRoleSelections,
  type: TRoleType,
  role: TRole,
  checked: boolean,
): Record<string, TCookieSet[]> {
  const rest = without(selected, new Set([roleKey(type, role), ...(checked ? [] : [roleTypeAllKey(type)])]));
  return checked ? { ...rest, [roleKey(type, role)]: [...role.cookieSets] } : rest;
}

/** Checks or clears a role type's "select all": every role of that type follows it, others stay. */
export function toggleRoleType(
  selected: TRoleSelections,
  type: TRoleType,
  checked: boolean,
): Record<string, TCookieSet[]> {
  const own = [roleTypeAllKey(type), ...type.roleSet.map((role) => roleKey(type, role))];
  const rest = without(selected, new Set(own));
  if (!checked) return rest;
  return {
    ...rest,
    [roleTypeAllKey(type)]: [],
    ...Object.fromEntries(type.roleSet.map((role) => [roleKey(type, role), [...role.cookieSets]])),
  };
}

/**
 * The selections against the catalogue as loaded: each chosen role gets the catalogue's segments (a
 * draft seeded from a template holds only `roleTypeId:roleId` keys), and keys the catalogue no longer
 * has are dropped. The same object when nothing changes, so keeping it in the draft cannot loop.
 */
export function reconcileSelections(selected: TRoleSelections, catalog: readonly TRoleType[]): TRoleSelections {
  const known = new Map<string, readonly TCookieSet[]>();
  for (const type of catalog) {
    known.set(roleTypeAllKey(type), []);
    for (const role of type.roleSet) known.set(roleKey(type, role), role.cookieSets);
  }
  const next: Record<string, TCookieSet[]> = {};
  for (const key of Object.keys(selected)) {
    const sets = known.get(key);
    if (sets) next[key] = [...sets];
  }
  return JSON.stringify(next) === JSON.stringify(selected) ? selected : next;
}

/**
 * The catalogue narrowed to a search (any case, any part): a role type whose name matches keeps all
 * its roles, otherwise the roles whose title matches; types left without roles are dropped.
 */
export function filterCatalog(catalog: readonly TRoleType[], query: string): TRoleType[] {
  const needle = query.trim().toLocaleLowerCase('en');
  if (!needle) return [...catalog];
  return catalog.flatMap((type) => {
    if (type.roleType.toLocaleLowerCase('en').includes(needle)) return [type];
    const roleSet = type.roleSet.filter((role) => role.role.toLocaleLowerCase('en').includes(needle));
    return roleSet.length > 0 ? [{ ...type, roleSet }] : [];
  });
}

/** A chosen role with its type and segment keys, in the catalogue's order. */
export interface TChosenRole {
  readonly roleType: string;
  readonly roleTypeId: string;
  readonly role: string;
  readonly roleId: string;
  readonly segmentKeys: readonly string[];
}

/** The chosen roles (never the "select all" keys), in the catalogue's order. */
export function chosenRoles(catalog: readonly TRoleType[], selected: TRoleSelections): TChosenRole[] {
  return catalog.flatMap((type) =>
    type.roleSet
      .filter((role) => roleKey(type, role) in selected)
      .map((role) => ({
        roleType: type.roleType,
        roleTypeId: type.roleTypeId,
        role: role.role,
        roleId: role.roleId,
        segmentKeys: role.cookieSets.map((set) => set.segment_key),
      })),
  );
}

/** Header of the export: one line per segment key, so a role with two segments gives two lines. */
export const ROLES_CSV_HEADER = ['role_type', 'role_type_id', 'role', 'role_id', 'segment_key'] as const;

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The chosen roles as CSV text (RFC 4180, CRLF line ends, a header row). */
export function rolesCsv(roles: readonly TChosenRole[]): string {
  const lines = roles.flatMap((role) =>
    role.segmentKeys.map((key) => [role.roleType, role.roleTypeId, role.role, role.roleId, key]),
  );
  return [ROLES_CSV_HEADER, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
