import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import type { BundleJob, BundleJobResult } from './bundle-worker';
import { REPO_ROOT, allEntries } from './entries';
import type { LambdaEntry } from './entries';

/** The file every bundle folder holds; the functions' handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';
export const LAMBDA_HANDLER = 'index.handler';

/** What one source file adds to one bundle (minified bytes). */
export interface BundleInput {
  /** Relative to the repository root, `/`-separated, e.g. `node_modules/zod/v4/core/schemas.js`. */
  readonly path: string;
  readonly bytes: number;
}

/** Size of one bundle and what it is made of, for `npm run bench` and the budget test. */
export interface BundleSize {
  readonly outName: string;
  readonly bytes: number;
  /** Largest first. */
  readonly inputs: readonly BundleInput[];
}

/** The bundle of each entry point in esbuild's metafile, with its inputs relative to the repository. */
function bundleInputs(metafile: Metafile, outdir: string): Map<string, BundleInput[]> {
  const byOutName = new Map<string, BundleInput[]>();
  for (const [outFile, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint) continue;
    // Metafile paths are relative to esbuild's working directory (the repository); outNames to the bundle root.
    const outName = relative(outdir, join(REPO_ROOT, outFile, '..'))
      .split(sep)
      .join('/');
    const inputs = Object.entries(output.inputs)
      .map(([path, input]) => ({ path: path.split(sep).join('/'), bytes: input.bytesInOutput }))
      .filter((input) => input.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
    byOutName.set(outName, inputs);
  }
  return byOutName;
}

const WORKER = fileURLToPath(new URL('./bundle-worker.ts', import.meta.url));

/**
 * Bundles every entry in ONE esbuild pass (see `runBundleJob` for the options) into
 * `<outdir>/<kind>/<name>/index.mjs`. One pass for ~100 entries takes a few seconds; one NodejsFunction
 * per handler would start ~100 esbuild processes. Synchronous, for CDK's synth: the pass runs in a
 * child process (`bundle-worker.ts`), as NodejsFunction runs esbuild in one.
 */
export function bundleAll(entries: readonly LambdaEntry[], outdir: string): BundleSize[] {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  if (entries.length === 0) return [];
  const scratch = mkdtempSync(join(tmpdir(), 'bidgrid-bundle-job-'));
  try {
    const job: BundleJob = { entries: entries.map((e) => ({ file: e.file, outName: e.outName })), outdir };
    const jobFile = join(scratch, 'job.json');
    const resultFile = join(scratch, 'result.json');
    writeFileSync(jobFile, JSON.stringify(job));
    execFileSync(process.execPath, ['--import', 'tsx', WORKER, jobFile, resultFile], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as BundleJobResult;
    if (result.errors.length > 0) throw new Error(`esbuild failed: ${result.errors.map((e) => e.text).join('; ')}`);
    const inputs = bundleInputs(result.metafile, outdir);
    return entries.map((e) => ({
      outName: e.outName,
      bytes: statSync(join(outdir, e.outName, BUNDLE_FILE)).size,
      inputs: inputs.get(e.outName) ?? [],
    }));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

let placeholderDir: string | undefined;

/**
 * The asset used when a synth skips bundling (unit tests, `cdk deploy` of another stack): a
 * folder whose handler refuses to run, so a template synthesized this way can never ship code
 * that looks real. CDK does the same for NodejsFunction when bundling is skipped.
 */
function placeholderAsset(): string {
  if (!placeholderDir) {
    placeholderDir = mkdtempSync(join(tmpdir(), 'bidgrid-unbundled-'));
    writeFileSync(
      join(placeholderDir, BUNDLE_FILE),
      "export const handler = async () => { throw new Error('Synthesized without bundling: redeploy with bundling'); };\n",
    );
  }
  return placeholderDir;
}

// One build per app (synth), shared by every stack that needs code.
const builds = new WeakMap<IConstruct, { dir: string; sizes: BundleSize[] }>();

/** The bundles of the app `scope` belongs to, built on first use. */
export function appBundles(scope: IConstruct): { dir: string; sizes: BundleSize[] } {
  const root = scope.node.root;
  let build = builds.get(root);
  if (!build) {
    // `cdk synth` sets the App's outdir to cdk.out; bundles sit beside the staged assets.
    const outdir = (root as IConstruct & { outdir?: string }).outdir ?? mkdtempSync(join(tmpdir(), 'bidgrid-cdk-'));
    const dir = join(outdir, '.bundles');
    build = { dir, sizes: bundleAll(allEntries(), dir) };
    builds.set(root, build);
  }
  return build;
}

/**
 * The Lambda code of an entry: its bundle folder when the stack is being bundled, else the
 * placeholder (CDK's `aws:cdk:bundling-stacks` context decides, as for NodejsFunction).
 */
export function entryCode(scope: IConstruct, entry: LambdaEntry): lambda.Code {
  // The CLI names top-level stacks in that context (`cdk deploy BidGrid-dev-Api`); a nested
  // stack's path would never match, so ask the stack that owns it.
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  if (!stack.bundlingRequired) return lambda.Code.fromAsset(placeholderAsset());
  return lambda.Code.fromAsset(join(appBundles(scope).dir, entry.outName));
}
