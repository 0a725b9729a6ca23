import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { needsInstall } from './ensure-install.mjs';

const dirs = [];
/** A repository root with a lock file written at `lockAt` (seconds since the epoch). */
function repoWithLock(lockAt) {
  const dir = mkdtempSync(join(tmpdir(), 'bidgrid-install-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package-lock.json'), '{}');
  utimesSync(join(dir, 'package-lock.json'), lockAt, lockAt);
  return dir;
}
/** npm's record of an install, written at `at`. */
function installedAt(dir, at) {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', '.package-lock.json'), '{}');
  utimesSync(join(dir, 'node_modules', '.package-lock.json'), at, at);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the install check of npm start and npm test', () => {
  it('installs on a fresh clone (no node_modules)', () => {
    const dir = repoWithLock(1_000);
    expect(needsInstall(dir)).toBe(true);
  });

  it('installs when node_modules exists but npm never finished an install there', () => {
    const dir = repoWithLock(1_000);
    mkdirSync(join(dir, 'node_modules'));
    expect(needsInstall(dir)).toBe(true);
  });

  it('does nothing after an install of the current lock file (CI ran npm ci first)', () => {
    const dir = repoWithLock(1_000);
    installedAt(dir, 2_000);
    expect(needsInstall(dir)).toBe(false);
  });

  it('installs again when the lock file changed after the last install', () => {
    const dir = repoWithLock(3_000);
    installedAt(dir, 2_000);
    expect(needsInstall(dir)).toBe(true);
  });

  it('runs first in npm test, before any npx command could miss its package', () => {
    const script = readFileSync(new URL('./test.sh', import.meta.url), 'utf8');
    const check = script.indexOf('node scripts/ensure-install.mjs');
    expect(check).toBeGreaterThan(0);
    expect(script.indexOf('npx ')).toBeGreaterThan(check);
  });
});
