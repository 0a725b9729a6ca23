import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { TBidderSegmentInput } from '../ports/bidder.port';
import { makeRoleCatalog, ROLE_CATALOG_SEED, roleSegmentOurId, type TRoleTypeDefinition } from './role-catalog.seed';
import { memoryRoleCatalog } from './test-role-fakes';

/** A bidder that makes segments with keys `key-{n}` and records what it was asked. */
function segmentBidder() {
  const made: TBidderSegmentInput[] = [];
  return {
    made,
    bidder: {
      async createSegment(segment: TBidderSegmentInput) {
        made.push(segment);
        return { id: made.length, key: `key-${made.length}` };
      },
    },
  };
}

const TWO_TYPES: TRoleTypeDefinition[] = [
  { roleTypeId: 'IT', roleType: 'Information Technology', roles: [['IT-CIO', 'Chief Information Officer']] },
  {
    roleTypeId: 'FIN',
    roleType: 'Finance',
    roles: [
      ['FIN-CFO', 'Chief Financial Officer'],
      ['FIN-CTRL', 'Controller'],
    ],
  },
];

describe('makeRoleCatalog', () => {
  it("makes each role's segment at the bidder and stores the catalogue with the bidder's keys, in order", async () => {
    // Prepare
    const catalog = memoryRoleCatalog([]);
    const { bidder, made } = segmentBidder();
    // Act
    const stored = await makeRoleCatalog(TWO_TYPES, 77, { bidder, roleCatalog: catalog.repo });
    // Assess
    expect(made.map((s) => [s.advertiserId, s.name, s.ourId])).toEqual([
      [77, 'Information Technology - Chief Information Officer', roleSegmentOurId('IT-CIO')],
      [77, 'Finance - Chief Financial Officer', roleSegmentOurId('FIN-CFO')],
      [77, 'Finance - Controller', roleSegmentOurId('FIN-CTRL')],
    ]);
    expect(catalog.types()).toEqual(stored);
    expect(stored.map((type) => type.roleSet.map((role) => [role.roleId, role.cookieSets[0]?.segment_key]))).toEqual([
      [['IT-CIO', 'key-1']],
      [
        ['FIN-CFO', 'key-2'],
        ['FIN-CTRL', 'key-3'],
      ],
    ]);
  });

  it('makes nothing twice when run again: stored roles keep their segments, only new roles get one', async () => {
    // Prepare: a first run, then the catalogue gains a role.
    const catalog = memoryRoleCatalog([]);
    const { bidder, made } = segmentBidder();
    await makeRoleCatalog(TWO_TYPES, 77, { bidder, roleCatalog: catalog.repo });
    const grown: TRoleTypeDefinition[] = [
      ...TWO_TYPES,
      { roleTypeId: 'HR', roleType: 'Human Resources', roles: [['HR-DIR', 'HR Director']] },
    ];
    // Act
    const stored = await makeRoleCatalog(grown, 77, { bidder, roleCatalog: catalog.repo });
    // Assess
    expect(made).toHaveLength(4);
    expect(stored[0]?.roleSet[0]?.cookieSets).toEqual([
      { segment_key: 'key-1', segment_name: 'Information Technology - Chief Information Officer' },
    ]);
    expect(stored[2]?.roleSet[0]?.cookieSets[0]?.segment_key).toBe('key-4');
  });

  it('the seeded catalogue has unique role type ids and role ids free of the key separator and _ALL', () => {
    // Prepare
    const typeIds = ROLE_CATALOG_SEED.map((type) => type.roleTypeId);
    const roleIds = ROLE_CATALOG_SEED.flatMap((type) => type.roles.map(([roleId]) => roleId));
    // Act
    const bad = [...typeIds, ...roleIds].filter((id) => id.includes(':') || id.endsWith('_ALL'));
    // Assess
    expect(new Set(typeIds).size).toBe(typeIds.length);
    expect(new Set(roleIds).size).toBe(roleIds.length);
    expect(bad).toEqual([]);
    // At least one type is longer than the 20 rows a multi-select list shows at once (001 §9).
    expect(Math.max(...ROLE_CATALOG_SEED.map((type) => type.roles.length))).toBeGreaterThan(20);
  });
});
