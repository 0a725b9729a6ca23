import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import { invalidRequest } from '../../kernel/validation';
import type { TargetingLayer } from '../campaigns/targeting-layers';
import type { RoleCatalogRepository } from '../ports/role-catalog.port';

/** The payload field the layer owns. */
export const ROLE_TITLES_FIELD = 'targetingInfo.role_title_segments';

/** Texts of the layer's refusals (ours: the spec has none). */
export const ROLE_LAYER_MESSAGES = {
  unknown: (keys: readonly string[]) => `These role segments are not in the Role/Title catalog: ${keys.join(', ')}.`,
  wrongRole: (keys: readonly string[]) =>
    `These role segments do not belong to the role sent with them: ${keys.join(', ')}.`,
} as const;

/** Segment key -> the `roleTypeId:roleId` of every role whose cookie sets name it. */
function rolesBySegment(catalog: readonly TRoleType[]): Map<string, Set<string>> {
  const roles = new Map<string, Set<string>>();
  for (const type of catalog) {
    for (const role of type.roleSet) {
      for (const set of role.cookieSets) {
        const owners = roles.get(set.segment_key) ?? new Set<string>();
        owners.add(`${type.roleTypeId}:${role.roleId}`);
        roles.set(set.segment_key, owners);
      }
    }
  }
  return roles;
}

/**
 * The Role/Title layer (001 §2): every chosen segment key must be a segment of the catalogue (the
 * catalogue is public, so there is no agency to check), and when the choice names its role
 * (`roleTypeId`, `roleId`, as the wizard sends them) the segment must be one of that role's. The
 * roles are one audience group: a person in any chosen role's segment is reached (roles are any-of),
 * and the group is ANDed with the other layers' groups (retargeting), so the layers narrow together.
 * Nothing is made at the bidder: the catalogue's segments exist already.
 */
export function roleTitlesLayer(deps: { roleCatalog: Pick<RoleCatalogRepository, 'listRoleTypes'> }): TargetingLayer {
  return async ({ targeting }) => {
    const chosen = targeting.role_title_segments;
    if (chosen.length === 0) return { targeting: {} };
    const owners = rolesBySegment(await deps.roleCatalog.listRoleTypes());
    const unknown = new Set<string>();
    const wrongRole = new Set<string>();
    for (const choice of chosen) {
      const roles = owners.get(choice.segment_key);
      if (!roles) unknown.add(choice.segment_key);
      else if (choice.roleTypeId !== undefined || choice.roleId !== undefined) {
        if (!roles.has(`${choice.roleTypeId ?? ''}:${choice.roleId ?? ''}`)) wrongRole.add(choice.segment_key);
      }
    }
    const messages = [
      ...(unknown.size > 0 ? [ROLE_LAYER_MESSAGES.unknown([...unknown])] : []),
      ...(wrongRole.size > 0 ? [ROLE_LAYER_MESSAGES.wrongRole([...wrongRole])] : []),
    ];
    if (messages.length > 0) {
      const fieldErrors: TFieldErrors = { [ROLE_TITLES_FIELD]: messages };
      throw invalidRequest(fieldErrors);
    }
    return { targeting: { audiences: [[...new Set(chosen.map((choice) => choice.segment_key))]] } };
  };
}
