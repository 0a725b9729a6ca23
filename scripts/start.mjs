#!/usr/bin/env node
/**
 * `npm start`: makes sure dependencies are installed and Java is there, then runs the local stack
 * (`cdk/local/main.ts` under tsx) with the flags given after `--`, forwarding Ctrl-C and SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = join(root, 'package-lock.json');
const installedLock = join(root, 'node_modules', '.package-lock.json');

/** node_modules is missing, or package-lock.json changed since the last install. */
function needsInstall() {
  if (!existsSync(join(root, 'node_modules')) || !existsSync(installedLock)) return true;
  return statSync(lockFile).mtimeMs > statSync(installedLock).mtimeMs;
}

if (needsInstall()) {
  console.log('Installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error('npm ci failed; fix the error above and run npm start again.');
    process.exit(install.status ?? 1);
  }
}

// DynamoDB Local is the real jar: it needs a Java runtime (17 or newer).
const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
if (java.error || java.status !== 0) {
  console.error('Java is required for DynamoDB Local but was not found. Install it with:');
  console.error('  sudo apt-get install -y openjdk-17-jre-headless');
  process.exit(1);
}

const child = spawn(
  process.execPath,
  [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'cdk/local/main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);

// The terminal's Ctrl-C reaches both processes (same process group); the stack handles it. A
// SIGTERM sent to this process alone is passed on, so the stack stops its children cleanly.
let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT' || forwarded) child.kill(signal);
    forwarded = true;
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
