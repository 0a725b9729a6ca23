import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStackInfo } from '@bidgrid/local/info';
import { SIM_RECORD_DIR_ENV, type RecordedReply } from '@bidgrid/local/simulators/simulator-server';
import { spawnStack, type SpawnedStack } from '../../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV } from '../../support/stack';

/**
 * A local stack of the fault tests' own, beside the suite's: the bidder's timeout at 1 s and its
 * retries 20 ms apart (a timeout costs a second, not ten), a file upload's at 3 s (a set-up creative
 * upload, image and all, can outlast a second while another test file loads the other core; five
 * timed-out attempts at the segment file still end within the realtime call's 28 s), the creation lease at 4 s (a dead
 * creation is taken up in seconds, not a minute), its data in a folder of its own (so it can be
 * killed and started again on the same data) and its simulators' replies recorded (which bidder
 * routes a creation calls). While it runs, `stackInfo()` and the helpers built on it talk to it.
 */
export interface FaultStack {
  info(): LocalStackInfo;
  /** Every reply its bidder simulator gave, in order (method, path, the route pattern that answered). */
  bidderReplies(): RecordedReply[];
  /** The bidder simulator's state as it is on disk now (written behind, at most a second late); '' before any. */
  bidderStateOnDisk(): string;
  /** SIGKILLs the whole stack, as a machine that dies, and starts it again on the same data. */
  killAndRestart(): Promise<void>;
  stop(): Promise<void>;
}

export const FAULT_STACK_ENV = {
  BIDDER_TIMEOUT_MS: '1000',
  BIDDER_UPLOAD_TIMEOUT_MS: '3000',
  BIDDER_RETRY_BASE_MS: '20',
  CREATION_LEASE_MS: '4000',
} as const;

export async function startFaultStack(): Promise<FaultStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bidgrid-fault-stack-'));
  const recordDir = join(dataDir, 'sim-replies');
  const suiteStack = process.env[STACK_INFO_ENV];
  // Its warnings and errors beside the worker stack's log, which a failed run prints.
  const logFile = join(process.env[SIM_RECORD_DIR_ENV] ?? dataDir, 'fault-stack.log');
  const start = () =>
    spawnStack({ web: 'none', dataDir, logFile, env: { ...FAULT_STACK_ENV, [SIM_RECORD_DIR_ENV]: recordDir } });
  let stack: SpawnedStack = await start();
  const use = (): void => {
    process.env[STACK_INFO_ENV] = stack.infoFile;
  };
  use();
  return {
    info: () => stack.info,
    bidderReplies: () =>
      readdirSync(recordDir)
        .filter((file) => file.startsWith('bidder-'))
        .flatMap((file) =>
          readFileSync(join(recordDir, file), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as RecordedReply),
        ),
    bidderStateOnDisk: () => {
      try {
        return readFileSync(join(dataDir, 'simulators', 'bidder.json'), 'utf8');
      } catch {
        return '';
      }
    },
    async killAndRestart() {
      await stack.kill();
      stack = await start();
      use();
    },
    async stop() {
      await stack.stop();
      if (suiteStack === undefined) forgetStack();
      else process.env[STACK_INFO_ENV] = suiteStack;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
