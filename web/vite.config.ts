import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chakraGlobalCss } from './build/chakra-global-css';
import { fontFileAliases } from './build/font-files';
import {
  chunkFileName,
  pageMatcher,
  SHARED_PACKAGES,
  SIGNED_IN_CHUNK,
  signedInChunkName,
  UI_CHUNK,
  UI_MERGE_BYTES,
} from './build/signed-in-chunk';
import { routeEntries } from './src/config/paths';
import { system } from './src/theme/system';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
/**
 * Vendor groups that always load together. Everything else (Chakra components, feature code) is left to
 * automatic splitting so that a route only pulls the components it renders: grouping Chakra would put
 * every component any page uses into the login route.
 */
const vendorGroups: ReadonlyArray<{ name: string; test: RegExp }> = [
  // Needed by every route.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/ },
  // zod with the modules that configure it (the shared module that installs its English messages and
  // src/app/bootstrap/zod-config.ts): a chunk that builds a schema imports this one, so the
  // configuration has run before any schema is built.
  {
    name: 'zod',
    test: /node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/]zod\.ts$|[\\/]src[\\/]app[\\/]bootstrap[\\/]zod-config\.ts$/,
  },
  {
    name: 'amplify',
    test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|tslib|js-cookie)[\\/]/,
  },
  // Only loaded once a user is signed in (the data layer is imported lazily).
  {
    name: 'apollo',
    test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|ts-invariant|@graphql-typed-document-node)[\\/]/,
  },
];

/**
 * What loads before a signed-in page can: the sign-in pages, and the session's first reads and the first
 * page's (loaded before the first render). What they load must not grow with signed-in code (see
 * `signedInChunkName`): a first page's read waited for the whole signed-in chunk to load and run (about
 * 45 ms on the advertiser page) before it went out.
 */
const isSignInPage = pageMatcher(routeEntries.filter(([, def]) => def.guard === 'public-only').map(([name]) => name));
const loadsBeforeSignedInPage = (id: string): boolean =>
  isSignInPage(id) || /[\\/]src[\\/]app[\\/](session-data|router[\\/]route-preloads)\.ts$/.test(id);

// Nothing environment-specific is baked in: endpoints and pool ids come from /runtime-config.json at start.
export default defineConfig({
  plugins: [react(), chakraGlobalCss(async () => system)],
  resolve: {
    alias: {
      '@': srcDir,
      ...fontFileAliases,
      // fontkit's WOFF2 (brotli) decoder: the invoice PDF reads WOFF only (see the stub).
      'brotli/decompress.js': join(srcDir, 'lib/invoice-pdf/no-woff2.ts'),
    },
  },
  build: {
    target: 'es2022',
    // Font files are always files of their own: fetched only when an invoice needs them, and a data:
    // URL would be refused by the CSP's connect-src.
    assetsInlineLimit: (file) => (file.endsWith('.woff') ? false : undefined),
    // No source maps in the build: web/dist is what the cloud deploys, and maps would publish the
    // sources (the web content stack refuses a build that names one). `npm run dev` has its own.
    sourcemap: false,
    // The manifest lets scripts/route-js-size.mjs measure what a route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            ...vendorGroups.map((group) => ({ ...group })),
            // After the vendor groups: what they take stays theirs (see `signedInChunkName`).
            {
              debugName: SIGNED_IN_CHUNK,
              name: (id, ctx) => signedInChunkName(id, (module) => ctx.getModuleInfo(module), loadsBeforeSignedInPage),
              includeDependenciesRecursively: false,
            },
            // The design system's modules that the chunk above leaves (the entry's, the sign-in pages', and
            // those reached through the package's index, which every screen imports): grouped by the parts that
            // use them, as the bundler's own splitting would, but a group under `UI_MERGE_BYTES` joins its
            // nearest neighbour. Left to the bundler they came in 30 chunks of 0.1-1 KB on the advertiser page.
            {
              name: UI_CHUNK,
              test: SHARED_PACKAGES,
              entriesAware: true,
              entriesAwareMergeThreshold: UI_MERGE_BYTES,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
