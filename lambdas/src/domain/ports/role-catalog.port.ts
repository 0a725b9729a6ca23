import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';

/**
 * The role and title catalogue of the Role/Title step: role types, their roles and each role's
 * bidder segments. Public: the same for every agency (BidGrid keeps it, agencies only read it).
 */
export interface RoleCatalogRepository {
  /** Every role type with its roles, in display order. */
  listRoleTypes(): Promise<TRoleType[]>;
  /** Stores the catalogue in the given order (seeding); a role type with the same id is replaced. */
  putRoleTypes(roleTypes: readonly TRoleType[]): Promise<void>;
}
