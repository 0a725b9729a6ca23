import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spawn-stack';

/**
 * The local stack's emulators carry advisories we cannot fix by an update (README: "Development tools
 * with known advisories"). They are safe only as long as nothing deployed depends on them: npm marks a
 * package `dev` in the lock file when only devDependencies reach it, which is what `npm audit
 * --omit=dev` and a production install leave out. This holds that line.
 */
const DEV_ONLY = ['s3rver', 'busboy', 'dicer', 'cognito-local', 'aws-sdk', 'amplify-dynamodb-simulator'] as const;

interface LockEntry {
  readonly version?: string;
  readonly dev?: boolean;
}

const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const entriesOf = (name: string): Array<[string, LockEntry]> =>
  Object.entries(lock.packages).filter(
    ([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`),
  );

describe('development tools with known advisories', () => {
  it.each(DEV_ONLY)('%s is installed only as a development dependency', (name) => {
    const entries = entriesOf(name);
    expect(entries.length).toBeGreaterThan(0);
    for (const [path, entry] of entries) expect({ path, dev: entry.dev }).toEqual({ path, dev: true });
  });

  it("fast-xml-parser 3 (s3rver's) is development-only; what deployed code gets is a current major", () => {
    const old = entriesOf('fast-xml-parser').filter(([, entry]) => Number(entry.version?.split('.')[0]) < 4);
    expect(old.length).toBeGreaterThan(0);
    for (const [path, entry] of old) expect({ path, dev: entry.dev }).toEqual({ path, dev: true });
  });

  it('README lists each of them with why it never reaches a deployment', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('### Development tools with known advisories');
    expect(start).toBeGreaterThan(-1);
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    for (const name of ['s3rver', 'busboy', 'dicer', 'fast-xml-parser', 'cognito-local', 'aws-sdk']) {
      expect(section).toContain(`\`${name}`);
    }
  });
});
