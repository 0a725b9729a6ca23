import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { repoRoot } from '../support/spawn-stack';

/** Resources of one synthesized template (nested stacks listed on their own). */
export interface StackResources {
  readonly stack: string;
  readonly resources: number;
}

/** Size of one Lambda bundle, as `cdk synth` wrote it (`http/get-health`, bytes of index.mjs). */
export interface LambdaBundleSize {
  readonly entry: string;
  readonly bytes: number;
}

/** The deployment figures of `npm run bench`. */
export interface CdkMeasurement {
  /** Wall time of `cdk synth` of the whole dev stage: bundling, CloudFormation validation and cdk-nag on. */
  readonly synthSeconds: number;
  readonly resourcesPerStack: readonly StackResources[];
  /** Largest first. */
  readonly bundles: readonly LambdaBundleSize[];
  readonly largestBundle: LambdaBundleSize | undefined;
  readonly medianBundleBytes: number;
}

function bundleSizes(dir: string): LambdaBundleSize[] {
  if (!existsSync(dir)) return [];
  const sizes: LambdaBundleSize[] = [];
  const walk = (current: string): void => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'index.mjs') {
        sizes.push({ entry: relative(dir, current).split(sep).join('/'), bytes: statSync(path).size });
      }
    }
  };
  walk(dir);
  return sizes.sort((a, b) => b.bytes - a.bytes);
}

/**
 * Runs the real `cdk synth` (as `npx cdk synth` does, cdk.json's app, dev stage) into a temporary
 * folder and reads the figures from what it wrote: the seconds it took, the resources of every
 * template, and the size of every Lambda bundle of the shared esbuild pass.
 */
export function measureCdk(): CdkMeasurement {
  const outdir = mkdtempSync(join(tmpdir(), 'bidgrid-bench-cdk-'));
  try {
    const started = process.hrtime.bigint();
    const result = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'synth', '--quiet', '-c', 'stage=dev', '-o', outdir],
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' } },
    );
    const synthSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.status !== 0) throw new Error(`cdk synth failed (${result.status}):\n${result.stderr}`);

    const resourcesPerStack = readdirSync(outdir)
      .filter((name) => name.endsWith('.template.json'))
      .map((name) => {
        const template = JSON.parse(readFileSync(join(outdir, name), 'utf8')) as { Resources?: object };
        return {
          stack: name.replace(/\.template\.json$/, ''),
          resources: Object.keys(template.Resources ?? {}).length,
        };
      })
      .sort((a, b) => b.resources - a.resources);

    const bundles = bundleSizes(join(outdir, '.bundles'));
    const ascending = bundles.map((b) => b.bytes).sort((a, b) => a - b);
    const middle = Math.floor(ascending.length / 2);
    const medianBundleBytes =
      ascending.length === 0
        ? 0
        : ascending.length % 2 === 1
          ? (ascending[middle] as number)
          : ((ascending[middle - 1] as number) + (ascending[middle] as number)) / 2;
    return { synthSeconds, resourcesPerStack, bundles, largestBundle: bundles[0], medianBundleBytes };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
