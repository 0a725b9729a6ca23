import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
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
  /** The stack's process (its emulators are its descendants): the bench reads its CPU and memory in /proc. */
  readonly pid: number;
  stop(): Promise<void>;
  /**
   * Kills the stack outright (SIGKILL, as a machine that dies), its emulators with it: nothing runs
   * its shutdown. Resolves once the stack's process is gone.
   */
  kill(): Promise<void>;
}

/** Every descendant of `pid` (the emulators run in process groups of their own). */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (parent: number): void => {
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** Waits for a condition by polling; gives up with `message` after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, message: string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a fresh local stack (in-memory DynamoDB, temp data, free ports) in its own process group and
 * resolves once it wrote its info file. `stop()` ends the whole group. With `dataDir`, the stack keeps
 * its data there (DynamoDB on disk, simulator state), on free ports, so a stack started again on the
 * same folder finds what the last one left.
 */
export async function spawnStack(options: {
  web: 'build' | 'dev' | 'none';
  verbose?: boolean;
  dataDir?: string;
  /** Variables the stack gets beside this process's (a fault test's short bidder timeout). */
  env?: Readonly<Record<string, string>>;
  /**
   * Where the stack's standard output goes when not verbose (appended): its warnings and errors, the
   * handlers' included, which a failed run prints (`test/run-with-stack.ts`). Dropped when unset.
   */
  logFile?: string;
}): Promise<SpawnedStack> {
  const dir = mkdtempSync(join(tmpdir(), 'bidgrid-stack-'));
  const infoFile = join(dir, 'info.json');
  const started = performance.now();
  const logFd = !options.verbose && options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      localStackMain,
      ...(options.dataDir ? ['--data-dir', options.dataDir, '--free-ports'] : ['--ephemeral']),
      '--web',
      options.web,
      '--info-file',
      infoFile,
      ...(options.verbose ? [] : ['--quiet']),
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      detached: true,
      stdio: ['ignore', options.verbose ? 'inherit' : (logFd ?? 'ignore'), 'inherit'],
    },
  );
  // The child holds its own copy of the descriptor.
  if (logFd !== undefined) closeSync(logFd);
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
  const kill = async (): Promise<void> => {
    if (exited !== null || child.pid === undefined) return;
    const emulators = descendantsOf(child.pid);
    for (const pid of [child.pid, ...emulators]) {
      try {
        // Each emulator leads a process group of its own: the group takes its children too.
        process.kill(-pid, 'SIGKILL');
      } catch {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
    await waitFor(() => (exited !== null ? true : undefined), 15_000, 'stack did not die');
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
  return { info, infoFile, readyMs: performance.now() - started, pid: child.pid ?? -1, stop, kill };
}
