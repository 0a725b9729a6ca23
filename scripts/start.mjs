#!/usr/bin/env node
/**
 * `npm start`: checks the Node version (`node-version.mjs`), makes sure dependencies are installed (`ensure-install.mjs`, the check `npm test` runs
 * too) and Java is there, then runs the local stack (`cdk/local/main.ts` under tsx) with the flags
 * given after `--`, forwarding Ctrl-C and SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-install.mjs';
import { ensureNodeVersion } from './node-version.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureNodeVersion('npm start');
ensureInstalled('npm start');

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
