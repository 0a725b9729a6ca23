import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spawn-stack';

/** The slices of the domain (CONTRIBUTING.md, "Where things live"), besides its ports. */
const DOMAIN_SLICES = [
  'ad-groups',
  'advertisers',
  'agency',
  'billing',
  'campaigns',
  'connections',
  'crm',
  'health',
  'lists',
  'reports',
  'segments',
  'targeting',
  'templates',
  'vendors',
];

describe('layout', () => {
  it('the domain is slices: no module at its root but the test fakes every slice uses', () => {
    const entries = readdirSync(join(repoRoot, 'lambdas/src/domain'), { withFileTypes: true });
    expect(entries.filter((e) => e.isFile()).map((e) => e.name)).toEqual(['test-fakes.ts']);
    expect(
      entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    ).toEqual([...DOMAIN_SLICES, 'ports'].sort());
  });

  it("shared's slices carry the domain's names, beside the contract's own folders", () => {
    const folders = readdirSync(join(repoRoot, 'shared/src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const slices = folders.filter((name) => !['api', 'common', 'media', 'metrics', 'realtime', 'test'].includes(name));
    const domainOnly = ['connections', 'vendors'];
    const sharedOnly = ['crm-card'];
    expect(slices.sort()).toEqual([...DOMAIN_SLICES.filter((s) => !domainOnly.includes(s)), ...sharedOnly].sort());
  });
});
