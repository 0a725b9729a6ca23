import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LocalStackInfo } from '@bidgrid/local/info';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** The local stack's entry file, found through its workspace package (`@bidgrid/local`). */
const localStackMain = createRequire(import.meta.url).resolve('@bidgrid/local/main');

export interface SpawnedStack {
  readonly info: LocalStackInfo;
  readonly infoFile: string;
  readonly readyMs: number;
  stop(): Promise<void>;
}

/** Waits for a condition by polling; gives up with `message` after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, message: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a fresh local stack (in-memory DynamoDB, temp data, free ports) in its own process group and
 * resolves once it wrote its info file. `stop()` ends the whole group.
 */
export async function spawnStack(options: { web: 'build' | 'dev' | 'none'; verbose?: boolean }): Promise<SpawnedStack> {
  const dir = mkdtempSync(join(tmpdir(), 'bidgrid-stack-'));
  const infoFile = join(dir, 'info.json');
  const started = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      localStackMain,
      '--ephemeral',
      '--web',
      options.web,
      '--info-file',
      infoFile,
      ...(options.verbose ? [] : ['--quiet']),
    ],
    { cwd: repoRoot, detached: true, stdio: ['ignore', options.verbose ? 'inherit' : 'ignore', 'inherit'] },
  );
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });
  const stop = async (): Promise<void> => {
    if (exited !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const gone = await waitFor(() => (exited !== null ? true : undefined), 15_000, 'stack did not stop').catch(
      () => false,
    );
    if (!gone) process.kill(-child.pid, 'SIGKILL');
  };
  try {
    await waitFor(
      () => {
        if (exited !== null) throw new Error(`local stack exited with code ${exited} before it was ready`);
        return existsSync(infoFile) ? true : undefined;
      },
      120_000,
      'local stack not ready within 120 s',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as LocalStackInfo;
  return { info, infoFile, readyMs: Date.now() - started, stop };
}
