import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../support/spawn-stack';

export interface BundleSize {
  entry: string;
  bytes: number;
}

/** Every Lambda entry: REST handlers, realtime handlers, scheduled jobs. */
export function lambdaEntries(): string[] {
  const dirs: Array<[string, RegExp]> = [
    ['lambdas/src/http', /\.handler\.ts$/],
    ['lambdas/src/ws', /\.handler\.ts$/],
    ['lambdas/src/jobs', /\.job\.ts$/],
  ];
  return dirs.flatMap(([dir, pattern]) => {
    const abs = join(repoRoot, dir);
    if (!existsSync(abs)) return [];
    return readdirSync(abs)
      .filter((f) => pattern.test(f) && !f.endsWith('.test.ts'))
      .map((f) => join(dir, f));
  });
}

/**
 * Bundles each entry as the cloud does (ESM, minified, node24, `@aws-sdk/*` left to the Lambda
 * runtime) in one esbuild pass and returns the output size per entry.
 */
export async function measureBundles(): Promise<BundleSize[]> {
  const entries = lambdaEntries();
  const result = await build({
    entryPoints: entries.map((e) => join(repoRoot, e)),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: ['@aws-sdk/*'],
    write: false,
    outdir: join(repoRoot, '.bench/bundles'),
    outbase: join(repoRoot, 'lambdas/src'),
    metafile: true,
    logLevel: 'error',
  });
  const outputs = result.metafile.outputs;
  return Object.entries(outputs)
    .filter(([, out]) => out.entryPoint)
    .map(([, out]) => ({ entry: out.entryPoint as string, bytes: out.bytes }))
    .sort((a, b) => b.bytes - a.bytes);
}
