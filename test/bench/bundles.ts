import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_FILE, bundleAll, type BundleSize } from '@bidgrid/cdk/src/lambda/bundles';
import { allEntries } from '@bidgrid/cdk/src/lambda/entries';
import { repoRoot } from '../support/spawn-stack';

/**
 * Where the bench writes the bundles: inside the repository, so that a bundle's `@aws-sdk/*` imports
 * (left to the Lambda runtime) resolve from the repository's node_modules when it is imported.
 */
export const BENCH_BUNDLE_DIR = join(repoRoot, '.bench', 'bundles');

/**
 * Every Lambda entry (REST and realtime handlers, jobs, user pool triggers) bundled exactly as the
 * CDK app bundles it for a deploy (`cdk/src/lambda/bundles.ts`), largest first.
 */
export function measureBundles(dir = BENCH_BUNDLE_DIR): BundleSize[] {
  return bundleAll(allEntries(), dir).sort((a, b) => b.bytes - a.bytes);
}

/** A bundle's import time in a fresh Node process: the median of its rounds. */
export interface ImportTime {
  readonly outName: string;
  readonly ms: number;
}

// Runs in the child: times the module's evaluation, its static imports included (the runtime's
// AWS SDK as on Lambda), and checks that it exports the handler the function is configured with.
const IMPORT_PROBE = [
  'const url = process.argv[1];',
  'const started = performance.now();',
  'const bundle = await import(url);',
  'const ms = performance.now() - started;',
  "if (typeof bundle.handler !== 'function') throw new Error(`${url} exports no handler`);",
  'process.stdout.write(String(ms));',
].join('\n');

function timeImport(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', IMPORT_PROBE, pathToFileURL(file).href], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(out);
      if (code === 0 && Number.isFinite(ms)) resolve(ms);
      else
        reject(new Error(`import of ${file} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/**
 * Cold import time of each bundle: every round imports every bundle once, each in a fresh `node`
 * process (what a Lambda cold start pays before its first request, bar the runtime's own start),
 * one process at a time so bundles do not compete for the CPU. Rounds go through all bundles in
 * turn, so each bundle's median sees the machine as the others did.
 */
export async function measureImportTimes(
  outNames: readonly string[],
  { dir = BENCH_BUNDLE_DIR, rounds = 3 }: { dir?: string; rounds?: number } = {},
): Promise<ImportTime[]> {
  const samples = new Map<string, number[]>(outNames.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const outName of outNames) samples.get(outName)?.push(await timeImport(join(dir, outName, BUNDLE_FILE)));
  }
  return outNames
    .map((outName) => {
      const ms = [...(samples.get(outName) ?? [])].sort((a, b) => a - b);
      return { outName, ms: ms[Math.floor(ms.length / 2)] ?? 0 };
    })
    .sort((a, b) => b.ms - a.ms);
}

/** The value at `fraction` (0.5 median, 0.9 p90) of ascending `values`, nearest rank. */
export function percentile(values: readonly number[], fraction: number): number {
  const ascending = [...values].sort((a, b) => a - b);
  if (ascending.length === 0) return 0;
  return ascending[Math.min(ascending.length - 1, Math.ceil(fraction * ascending.length) - 1)] as number;
}
