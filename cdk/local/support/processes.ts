import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import type { Logger } from './logger';

/** A child process started in its own process group, with the tail of its output kept for errors. */
export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  readonly exited: Promise<number | string>;
  /** Whether the process has exited. */
  hasExited(): boolean;
  /** Last lines of stdout and stderr (for "it died while starting" messages). */
  outputTail(): string;
  /** Ends the whole process group: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ManagedProcess>();

/**
 * Ends every process group still alive, synchronously. Registered on `exit` so that even a crash of
 * the stack does not leave a java or node child behind holding a port.
 */
export function killAllSync(): void {
  for (const p of live) {
    if (p.child.pid !== undefined && !p.hasExited()) {
      try {
        process.kill(-p.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  live.clear();
}

process.on('exit', killAllSync);

/**
 * Spawns `command` detached (its own process group, so Ctrl-C in the terminal reaches only the
 * stack, which then stops children in order) and forwards its output to `logger` at debug level
 * and, line by line, to `onLine`.
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'detached' | 'stdio'>,
  logger: Logger,
  onLine?: (line: string) => void,
): ManagedProcess {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  // One reader per stream: a chunk may end in the middle of a line, kept until the rest arrives.
  const reader = () => {
    let partial = '';
    return (chunk: Buffer): void => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        logger.debug(line);
        onLine?.(line);
      }
    };
  };
  child.stdout?.on('data', reader());
  child.stderr?.on('data', reader());
  let done = false;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      done = true;
      tail.push(error.message);
      resolve(error.message);
    });
  });
  const managed: ManagedProcess = {
    name,
    child,
    exited,
    hasExited: () => done,
    outputTail: () => tail.join('\n'),
    async stop(graceMs = 5_000) {
      live.delete(managed);
      if (done || child.pid === undefined) return;
      const signalGroup = (signal: NodeJS.Signals): void => {
        try {
          process.kill(-(child.pid as number), signal);
        } catch {
          // the group is already gone
        }
      };
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  live.add(managed);
  return managed;
}
