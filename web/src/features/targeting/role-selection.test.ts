import { describe, expect, it } from 'vitest';
import type { TRole, TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import {
  chosenRoles,
  filterCatalog,
  reconcileSelections,
  rolesCsv,
  roleTypeAllKey,
  toggleRole,
  toggleRoleType,
} from './role-selection';

const CIO: TRole = { role: 'Chief Information Officer', roleId: 'IT-CIO', cookieSets: [{ segment_key: 'seg-cio' }] };
const NET: TRole = {
  role: 'Network Engineer',
  roleId: 'IT-NET',
  cookieSets: [{ segment_key: 'seg-net' }, { segment_key: 'seg-net2' }],
};
const IT: TRoleType = { roleType: 'Information Technology', roleTypeId: 'IT', roleSet: [CIO, NET] };
const FIN: TRoleType = {
  roleType: 'Finance',
  roleTypeId: 'FIN',
  roleSet: [{ role: 'Controller, Group', roleId: 'FIN-CTRL', cookieSets: [{ segment_key: 'seg-ctrl' }] }],
};
const CATALOG = [IT, FIN];

describe('role selection', () => {
  it("checks a type's select all with every role of it, and leaves other types alone", () => {
    // Prepare
    const start = { 'FIN:FIN-CTRL': [{ segment_key: 'seg-ctrl' }] };
    // Act
    const all = toggleRoleType(start, IT, true);
    const none = toggleRoleType(all, IT, false);
    // Assess
    expect(all).toEqual({
      'FIN:FIN-CTRL': [{ segment_key: 'seg-ctrl' }],
      'IT:IT_ALL': [],
      'IT:IT-CIO': [{ segment_key: 'seg-cio' }],
      'IT:IT-NET': [{ segment_key: 'seg-net' }, { segment_key: 'seg-net2' }],
    });
    expect(none).toEqual(start);
  });

  it("clears the type's select all when one of its roles is cleared, never sets it on the last check", () => {
    // Prepare
    const all = toggleRoleType({}, IT, true);
    // Act
    const oneOff = toggleRole(all, IT, NET, false);
    const backOn = toggleRole(oneOff, IT, NET, true);
    // Assess
    expect(Object.keys(oneOff)).toEqual(['IT:IT-CIO']);
    expect(Object.keys(backOn).sort()).toEqual(['IT:IT-CIO', 'IT:IT-NET']);
    expect(roleTypeAllKey(IT) in backOn).toBe(false);
  });

  it("fills template role keys with the catalogue's segments and drops keys it no longer has", () => {
    // Prepare: keys as a template seeds them, one of a role that is gone.
    const seeded = { 'IT:IT-NET': [], 'IT:IT-GONE': [], 'FIN:FIN_ALL': [] };
    // Act
    const next = reconcileSelections(seeded, CATALOG);
    // Assess
    expect(next).toEqual({ 'IT:IT-NET': NET.cookieSets, 'FIN:FIN_ALL': [] });
    expect(reconcileSelections(next, CATALOG)).toBe(next);
  });

  it('searches types and titles in any case; a matching type keeps all its roles', () => {
    // Act / Assess
    expect(filterCatalog(CATALOG, '  network ')).toEqual([{ ...IT, roleSet: [NET] }]);
    expect(filterCatalog(CATALOG, 'FINANCE')).toEqual([FIN]);
    expect(filterCatalog(CATALOG, 'nothing like it')).toEqual([]);
    expect(filterCatalog(CATALOG, '')).toEqual(CATALOG);
  });

  it('exports the chosen roles in catalogue order as CSV, one line per segment key, quoted when needed', () => {
    // Prepare: chosen out of order, with a select-all key that is never exported.
    const selected = { 'FIN:FIN-CTRL': [{ segment_key: 'seg-ctrl' }], ...toggleRoleType({}, IT, true) };
    // Act
    const roles = chosenRoles(CATALOG, selected);
    const csv = rolesCsv(roles);
    // Assess
    expect(roles.map((role) => role.roleId)).toEqual(['IT-CIO', 'IT-NET', 'FIN-CTRL']);
    expect(csv).toBe(
      [
        'role_type,role_type_id,role,role_id,segment_key',
        'Information Technology,IT,Chief Information Officer,IT-CIO,seg-cio',
        'Information Technology,IT,Network Engineer,IT-NET,seg-net',
        'Information Technology,IT,Network Engineer,IT-NET,seg-net2',
        'Finance,FIN,"Controller, Group",FIN-CTRL,seg-ctrl',
        '',
      ].join('\r\n'),
    );
  });
});
