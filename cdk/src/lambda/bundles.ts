import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { buildSync } from 'esbuild';
import type { Metafile } from 'esbuild';
import { Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { LAMBDAS_SRC, REPO_ROOT, allEntries } from './entries';
import type { LambdaEntry } from './entries';

/** The file every bundle folder holds; the functions' handler is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';
export const LAMBDA_HANDLER = 'index.handler';

// ESM bundles have no `require`; some CommonJS dependencies (stripe, hubspot) call it for Node
// built-ins, which esbuild leaves as `require(...)` calls. This gives them one.
const ESM_REQUIRE_BANNER =
  "import { createRequire as __bidgridCreateRequire } from 'node:module'; const require = __bidgridCreateRequire(import.meta.url);";

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
    // Metafile paths are relative to the working directory; outNames to the bundle root.
    const outName = relative(outdir, join(process.cwd(), outFile, '..'))
      .split(sep)
      .join('/');
    const inputs = Object.entries(output.inputs)
      .map(([path, input]) => ({
        path: relative(REPO_ROOT, join(process.cwd(), path)).split(sep).join('/'),
        bytes: input.bytesInOutput,
      }))
      .filter((input) => input.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
    byOutName.set(outName, inputs);
  }
  return byOutName;
}

/**
 * Bundles every entry in ONE esbuild pass (ESM, minified, node24, `@aws-sdk/*` left to the Lambda
 * runtime, no source maps) into `<outdir>/<kind>/<name>/index.mjs`. One process for ~80 entries
 * takes about a second; one NodejsFunction per handler would start ~80 esbuild processes.
 */
export function bundleAll(entries: readonly LambdaEntry[], outdir: string): BundleSize[] {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  if (entries.length === 0) return [];
  const result = buildSync({
    entryPoints: entries.map((e) => ({ in: e.file, out: `${e.outName}/index` })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    // No shared chunks: each function's asset folder must be complete on its own.
    splitting: false,
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*'],
    banner: { js: ESM_REQUIRE_BANNER },
    tsconfig: join(LAMBDAS_SRC, '..', 'tsconfig.json'),
    // What each source file adds to each bundle: the budget test and the bench name the heavy ones.
    metafile: true,
    logLevel: 'error',
  });
  if (result.errors.length > 0) throw new Error(`esbuild failed: ${result.errors.map((e) => e.text).join('; ')}`);
  const inputs = bundleInputs(result.metafile, outdir);
  return entries.map((e) => ({
    outName: e.outName,
    bytes: statSync(join(outdir, e.outName, BUNDLE_FILE)).size,
    inputs: inputs.get(e.outName) ?? [],
  }));
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
