import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIM_RECORD_DIR_ENV } from '@bidgrid/local/simulators/simulator-server';
import { spawnStack, type SpawnedStack } from './spawn-stack';
import { STACK_INFO_ENV } from './stack';

/**
 * A suite whose files run in several workers at once gives each worker slot a local stack of its
 * own, so no two files ever share a stack at the same moment (a file may change the demo world,
 * install a vendor fault or count the vendors' replies). This variable lists them for the workers,
 * slot 1 first: JSON `[{ infoFile, recordDir }]`.
 */
export const WORKER_STACKS_ENV = 'BIDGRID_WORKER_STACKS';

interface WorkerStackEntry {
  readonly infoFile: string;
  /** Where that stack's simulators record their replies (under the suite's recording directory). */
  readonly recordDir: string;
}

/** The file in a worker stack's recording folder that holds the stack's warnings and errors. */
export const WORKER_STACK_LOG = 'stack.log';

/**
 * Starts `count` fresh stacks side by side (no web app), each recording its simulators' replies and
 * writing its log (WORKER_STACK_LOG) in a folder of its own under BIDGRID_SIM_RECORD_DIR (made here
 * when unset), and lists them in BIDGRID_WORKER_STACKS for the workers this process starts.
 */
export async function startWorkerStacks(count: number): Promise<SpawnedStack[]> {
  const recordBase = (process.env[SIM_RECORD_DIR_ENV] ??= mkdtempSync(join(tmpdir(), 'bidgrid-sim-replies-')));
  const recordDirs = Array.from({ length: count }, (_, i) => join(recordBase, `worker-${i + 1}`));
  for (const dir of recordDirs) mkdirSync(dir, { recursive: true });
  const stacks = await Promise.all(
    recordDirs.map((recordDir) =>
      spawnStack({
        web: 'none',
        env: { [SIM_RECORD_DIR_ENV]: recordDir },
        logFile: join(recordDir, WORKER_STACK_LOG),
      }),
    ),
  );
  const entries: WorkerStackEntry[] = stacks.map((stack, i) => ({
    infoFile: stack.infoFile,
    recordDir: recordDirs[i] ?? recordBase,
  }));
  process.env[WORKER_STACKS_ENV] = JSON.stringify(entries);
  return stacks;
}

/**
 * Points this worker's helpers (`stackInfo()`, the reply records) at the stack of its slot
 * (VITEST_POOL_ID: 1 up to the number of workers, one file at a time in each).
 */
export function useWorkerStack(slot: number): void {
  const listed = process.env[WORKER_STACKS_ENV];
  if (!listed) throw new Error(`${WORKER_STACKS_ENV} is not set: the suite's global setup starts the stacks`);
  const entries = JSON.parse(listed) as WorkerStackEntry[];
  const entry = entries[(slot - 1) % entries.length];
  if (!entry) throw new Error(`${WORKER_STACKS_ENV} lists no stack`);
  process.env[STACK_INFO_ENV] = entry.infoFile;
  process.env[SIM_RECORD_DIR_ENV] = entry.recordDir;
}
