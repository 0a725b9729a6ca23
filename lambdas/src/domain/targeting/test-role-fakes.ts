import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import type { RoleCatalogRepository } from '../ports/role-catalog.port';

/** A small catalogue: IT (two roles, the CTO with two segments) and Finance (one role). */
export const CATALOG_FIXTURE: TRoleType[] = [
  {
    roleType: 'Information Technology',
    roleTypeId: 'IT',
    roleSet: [
      { role: 'Chief Information Officer', roleId: 'IT-CIO', cookieSets: [{ segment_key: 'seg-cio' }] },
      {
        role: 'Chief Technology Officer',
        roleId: 'IT-CTO',
        cookieSets: [{ segment_key: 'seg-cto' }, { segment_key: 'seg-cto-2' }],
      },
    ],
  },
  {
    roleType: 'Finance',
    roleTypeId: 'FIN',
    roleSet: [{ role: 'Chief Financial Officer', roleId: 'FIN-CFO', cookieSets: [{ segment_key: 'seg-cfo' }] }],
  },
];

/** An in-memory catalogue that records its reads and keeps what is put, replacing by role type id. */
export function memoryRoleCatalog(initial: TRoleType[] = CATALOG_FIXTURE) {
  let types = [...initial];
  const calls = { list: 0, put: 0 };
  const repo: RoleCatalogRepository = {
    async listRoleTypes() {
      calls.list += 1;
      return structuredClone(types);
    },
    async putRoleTypes(next) {
      calls.put += 1;
      const ids = new Set(next.map((type) => type.roleTypeId));
      types = [...types.filter((type) => !ids.has(type.roleTypeId)), ...structuredClone([...next])];
    },
  };
  return { repo, calls, types: () => types };
}
