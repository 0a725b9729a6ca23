import { describe, expect, it } from 'vitest';
import {
  batchReadPath,
  companyPropertyPath,
  HUBSPOT_PATHS,
  hubspotPath,
  listMembershipsPath,
  routePattern,
} from './hubspot-paths';

describe("HubSpot's API paths", () => {
  it('puts every call on its 2026-03 dated path, none on v3', () => {
    for (const template of Object.values(HUBSPOT_PATHS)) {
      expect(template).toMatch(/^\/[a-z]+\/[a-z]+\/2026-03(\/|$)|^\/oauth\/2026-03\//);
      expect(template).not.toMatch(/\/v\d+\//);
    }
  });

  it('fills path parameters in URL-encoded, and refuses a missing one', () => {
    expect(listMembershipsPath('105')).toBe('/crm/lists/2026-03/105/memberships');
    expect(companyPropertyPath('a b/c')).toBe('/crm/properties/2026-03/companies/a%20b%2Fc');
    expect(batchReadPath('contacts')).toBe('/crm/objects/2026-03/contacts/batch/read');
    expect(() => hubspotPath(HUBSPOT_PATHS.listMemberships)).toThrow(/no value for \{listId\}/);
  });

  it("gives the simulator's route pattern of a template", () => {
    expect(routePattern(HUBSPOT_PATHS.companyProperty)).toBe('/crm/properties/2026-03/companies/:propertyName');
    expect(routePattern(HUBSPOT_PATHS.companiesSearch)).toBe(HUBSPOT_PATHS.companiesSearch);
  });
});
