import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * Trims the Stripe SDK in the Lambda bundles to the resources the payments gateway calls
 * (`STRIPE_RESOURCES` in `lambdas/src/adapters/stripe-resources.ts`).
 *
 * The SDK's constructor builds every one of its ~150 API resources (`new CustomerResource(this)`, ...),
 * so a bundler can drop none of them: 165 KB of the 240 KB the SDK adds to each payments bundle. Every
 * module under `stripe/esm/resources/` other than the kept ones is replaced by stubs of its classes.
 * The SDK itself (requests, retries, idempotency, errors, webhooks) is the package's own code. A stub
 * answers any use with an error naming the resource, and the gateway's client type (`StripeClient`)
 * already refuses such a call at compile time.
 */

/** `paymentIntents` -> `PaymentIntents.js`, the SDK's file of that resource. */
export const resourceFile = (name: string): string => `${name.charAt(0).toUpperCase()}${name.slice(1)}.js`;

/** The path of a module of the SDK's API resources, relative to `resources/`, or null for any other file. */
export function stripeResourcePath(path: string): string | null {
  const match = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources[\\/](.+\.js)$/.exec(path);
  return match?.[1]?.split('\\').join('/') ?? null;
}

/** The one module every stub imports its helper from (one copy per bundle, not one per stub). */
const STUB_HELPER = 'bidgrid:stripe-unbundled';

/** An instance that throws on use; property reads by symbol (inspection, promise checks) answer undefined. */
const STUB_HELPER_SOURCE = [
  'export const unbundled = (name) => new Proxy({}, {',
  '  get(_target, key) {',
  "    if (typeof key === 'symbol') return undefined;",
  '    throw new Error(`Stripe resource ${name} is not in this bundle: add it to STRIPE_RESOURCES`);',
  '  },',
  '});',
].join('\n');

/** The module that stands in for an unused resource module: each exported class becomes one whose instances throw on use. */
export function stubbedResourceModule(source: string): string {
  const classes = [...source.matchAll(/^export class (\w+)/gm)].map((match) => match[1] as string);
  if (classes.length === 0) return 'export {};\n';
  return [
    `import { unbundled } from '${STUB_HELPER}';`,
    ...classes.map((name) => `export class ${name} { constructor() { return unbundled('${name}'); } }`),
    '',
  ].join('\n');
}

/** The esbuild plugin: resource modules outside `keep` (resource names, e.g. `customers`) are stubbed. */
export function stripeTrimPlugin(keep: readonly string[]): Plugin {
  const kept = new Set(keep.map(resourceFile));
  return {
    name: 'bidgrid-stripe-trim',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${STUB_HELPER}$`) }, () => ({ path: STUB_HELPER, namespace: 'bidgrid' }));
      build.onLoad({ filter: /.*/, namespace: 'bidgrid' }, () => ({ contents: STUB_HELPER_SOURCE, loader: 'js' }));
      build.onLoad({ filter: /[\\/]stripe[\\/]esm[\\/]resources[\\/].+\.js$/ }, async (args) => {
        const file = stripeResourcePath(args.path);
        if (file === null || kept.has(file)) return undefined;
        return { contents: stubbedResourceModule(await readFile(args.path, 'utf8')), loader: 'js' };
      });
    },
  };
}
