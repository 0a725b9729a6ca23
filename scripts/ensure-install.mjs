#!/usr/bin/env node
/**
 * The install check `npm start` and `npm test` both run first: `npm ci` when node_modules is
 * missing or package-lock.json changed since the last install, so a fresh clone needs no separate
 * install command. Run as a script (`node scripts/ensure-install.mjs`) or import `ensureInstalled`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * True when node_modules is missing, or package-lock.json is newer than npm's record of the last
 * install (`node_modules/.package-lock.json`, which `npm ci` and `npm install` write).
 * @param {string} [dir] the repository root
 */
export function needsInstall(dir = root) {
  const installedLock = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(installedLock)) return true;
  return statSync(join(dir, 'package-lock.json')).mtimeMs > statSync(installedLock).mtimeMs;
}

/**
 * Runs `npm ci` at the repository root when `needsInstall()`; exits the process when it fails.
 * @param {string} [command] what the caller runs next, for the failure message
 */
export function ensureInstalled(command = 'npm start') {
  if (!needsInstall()) return;
  console.log('Installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error(`npm ci failed; fix the error above and run ${command} again.`);
    process.exit(install.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureInstalled(process.argv[2]);
}
