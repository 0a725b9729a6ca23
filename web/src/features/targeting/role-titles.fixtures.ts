import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';

/** A role catalogue as `listRoleTitles` sends it: two role types, three roles, one segment each. */
export const ROLE_CATALOG: TRoleType[] = [
  {
    roleType: 'Information Technology',
    roleTypeId: 'IT',
    roleSet: [
      { role: 'Chief Information Officer', roleId: 'IT-CIO', cookieSets: [{ segment_key: 'seg-cio' }] },
      { role: 'Network Engineer', roleId: 'IT-NET', cookieSets: [{ segment_key: 'seg-net' }] },
    ],
  },
  {
    roleType: 'Finance',
    roleTypeId: 'FIN',
    roleSet: [{ role: 'Controller', roleId: 'FIN-CTRL', cookieSets: [{ segment_key: 'seg-ctrl' }] }],
  },
];
