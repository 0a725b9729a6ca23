import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { coreShare, parseProcStat, parseVmRssBytes } from './load-stats';

/** CPU and memory of one process over a span. */
export interface TProcessUsage {
  pid: number;
  /** What it is: the stack itself, an emulator it runs, or the command name. */
  label: string;
  cpuSeconds: number;
  /** CPU over the span as a share of one core, in percent. */
  corePercent: number;
  rssStartBytes: number;
  rssPeakBytes: number;
  rssEndBytes: number;
}

/** Clock ticks a second of `/proc/<pid>/stat` (`getconf CLK_TCK`; 100 on Linux when it cannot be asked). */
function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** `root` and every descendant now (the stack's emulators run in process groups of their own, as its children). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    if (!stat) continue;
    const { pid, ppid } = parseProcStat(stat);
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const walk = (pid: number): void => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return tree;
}

/** A readable name for a process of the stack, from its command line. */
function labelOf(pid: number, root: number, comm: string): string {
  const cmdline = (readOrNull(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');
  // tsx's command line starts the stack in a child node process with its loader.
  if (pid === root) return 'tsx launcher';
  if (cmdline.includes('local/main')) return 'stack (gateways, handlers, simulators)';
  if (cmdline.includes('DynamoDBLocal')) return 'DynamoDB Local (java)';
  if (cmdline.includes('cognito-local')) return 'cognito-local';
  if (cmdline.includes('vite')) return 'vite';
  return comm;
}

interface TSample {
  label: string;
  firstTicks: number;
  lastTicks: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
}

/**
 * Samples the CPU and RSS of `root` and its descendants every `everyMs` until `stop()`, which answers
 * each process's figures over the span (a process that ended meanwhile keeps its last sample). Reads
 * `/proc` only: cheap enough to run beside a load test on a 2-core machine.
 */
export function sampleProcessTree(root: number, everyMs = 1_000): { stop(): TProcessUsage[] } {
  const ticksPerSecond = clockTicksPerSecond();
  const samples = new Map<number, TSample>();
  const startedAt = performance.now();
  const sample = (): void => {
    for (const pid of processTree(root)) {
      const stat = readOrNull(`/proc/${pid}/stat`);
      if (!stat) continue;
      const { comm, cpuTicks } = parseProcStat(stat);
      const rss = parseVmRssBytes(readOrNull(`/proc/${pid}/status`) ?? '');
      const known = samples.get(pid);
      if (known) {
        known.lastTicks = cpuTicks;
        known.rssPeak = Math.max(known.rssPeak, rss);
        if (rss > 0) known.rssEnd = rss;
      } else {
        samples.set(pid, {
          label: labelOf(pid, root, comm),
          firstTicks: cpuTicks,
          lastTicks: cpuTicks,
          rssStart: rss,
          rssPeak: rss,
          rssEnd: rss,
        });
      }
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const wallSeconds = (performance.now() - startedAt) / 1000;
      return [...samples.entries()]
        .map(([pid, s]) => {
          const cpuSeconds = (s.lastTicks - s.firstTicks) / ticksPerSecond;
          return {
            pid,
            label: s.label,
            cpuSeconds,
            corePercent: coreShare(cpuSeconds, wallSeconds),
            rssStartBytes: s.rssStart,
            rssPeakBytes: s.rssPeak,
            rssEndBytes: s.rssEnd,
          };
        })
        .filter((u) => u.rssPeakBytes > 0)
        .sort((a, b) => b.cpuSeconds - a.cpuSeconds);
    },
  };
}

/** This process (the load generator shares the machine with the stack): CPU over a span and its RSS at the end. */
export function sampleThisProcess(): { stop(): { cpuSeconds: number; corePercent: number; rssBytes: number } } {
  const startedAt = performance.now();
  const before = process.cpuUsage();
  return {
    stop() {
      const used = process.cpuUsage(before);
      const cpuSeconds = (used.user + used.system) / 1e6;
      return {
        cpuSeconds,
        corePercent: coreShare(cpuSeconds, (performance.now() - startedAt) / 1000),
        rssBytes: process.memoryUsage().rss,
      };
    },
  };
}
