import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Message, Metafile } from 'esbuild';
import { STRIPE_RESOURCES } from '@bidgrid/lambdas/manifest';
import { LAMBDAS_SRC, REPO_ROOT } from './entries';
import { stripeTrimPlugin } from './stripe-trim';

/**
 * The bundling of every Lambda entry in ONE esbuild pass. It runs in a process of its own
 * (`bundleAll` in `bundles.ts` starts it): CDK's synth is synchronous and esbuild's synchronous API
 * takes no plugins, and the Stripe trim is one.
 */

// ESM bundles have no `require`; some CommonJS dependencies (stripe, hubspot) call it for Node
// built-ins, which esbuild leaves as `require(...)` calls. This gives them one.
const ESM_REQUIRE_BANNER =
  "import { createRequire as __bidgridCreateRequire } from 'node:module'; const require = __bidgridCreateRequire(import.meta.url);";

/** What the parent asks: entry files by output name, and where the bundles go. */
export interface BundleJob {
  readonly entries: ReadonlyArray<{ readonly file: string; readonly outName: string }>;
  readonly outdir: string;
}

export interface BundleJobResult {
  readonly errors: readonly Message[];
  /** Paths relative to the repository root (esbuild's working directory). */
  readonly metafile: Metafile;
}

/**
 * ESM, minified, node24, `@aws-sdk/*` left to the Lambda runtime, no source maps, no shared chunks
 * (each function's asset folder must be complete on its own), the Stripe SDK trimmed.
 */
export async function runBundleJob(job: BundleJob): Promise<BundleJobResult> {
  const result = await build({
    entryPoints: job.entries.map((e) => ({ in: e.file, out: `${e.outName}/index` })),
    outdir: job.outdir,
    absWorkingDir: REPO_ROOT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    splitting: false,
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*'],
    banner: { js: ESM_REQUIRE_BANNER },
    tsconfig: join(LAMBDAS_SRC, '..', 'tsconfig.json'),
    // What each source file adds to each bundle: the budget test and the bench name the heavy ones.
    metafile: true,
    logLevel: 'silent',
    plugins: [stripeTrimPlugin(STRIPE_RESOURCES)],
  });
  return { errors: result.errors, metafile: result.metafile };
}

// `node --import tsx bundle-worker.ts <job.json> <result.json>`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [jobFile, resultFile] = process.argv.slice(2) as [string, string];
  const job = JSON.parse(readFileSync(jobFile, 'utf8')) as BundleJob;
  try {
    writeFileSync(resultFile, JSON.stringify(await runBundleJob(job)));
  } catch (error) {
    // esbuild throws with `errors` on a failed build: hand them to the parent like a result.
    const errors = (error as { errors?: Message[] }).errors ?? [{ text: String(error) }];
    writeFileSync(resultFile, JSON.stringify({ errors, metafile: { inputs: {}, outputs: {} } }));
  }
}
