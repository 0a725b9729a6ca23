/** What the group needs to know of a module (rolldown's `ModuleInfo` has these, and more). */
export interface ModuleLinks {
  readonly isEntry: boolean;
  /** Modules that import this one statically. */
  readonly importers: readonly string[];
  /** Modules that import this one with `import()`: this module starts a chunk of its own when loaded. */
  readonly dynamicImporters: readonly string[];
}

export type ModuleLookup = (id: string) => ModuleLinks | null;

/** The name of the chunk of code shared by signed-in screens. */
export const SIGNED_IN_CHUNK = 'signed-in';

/** The prefix of a chunk of code shared with what loads before a signed-in page (`signedInChunkName`). */
export const SHARED_CHUNK_PREFIX = 'shared-';

/**
 * The modules a module is loaded with: the entry and the lazily imported modules (pages, lazy panels)
 * from which a chain of static imports reaches it.
 */
export function loadRoots(id: string, lookup: ModuleLookup): Set<string> {
  const roots = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = lookup(next);
    if (!info) continue;
    if (info.isEntry || info.dynamicImporters.length > 0) roots.add(next);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return roots;
}

/**
 * Packages whose code may join the chunk: the design system and the form library, which signed-in screens
 * draw with everywhere (a hundred small modules). Other packages keep their own chunks, loaded by the
 * screens that use them (the phone-number library is 60 KB that only the advertiser forms need).
 */
export const SHARED_PACKAGES =
  /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@internationalized|@pandacss|@emotion|react-hook-form|@hookform)[\\/]/;

/** The group of the design system's modules the signed-in chunks leave (`vite.config.ts`). */
export const UI_CHUNK = 'ui';

/**
 * A part of `ui` smaller than this (bytes of source) joins its nearest neighbour: a few KB more for some
 * screens, a dozen fewer requests for each (measured: 20 KB took the advertiser page from 63 chunks to 36
 * and the login page from 25 to 15, 1.2 KB less; 60 KB added 33 KB to the login page).
 */
export const UI_MERGE_BYTES = 20_000;

/**
 * The file of a chunk: `[name]-[hash].js` as the bundler names it, but for `ui`, whose parts the bundler
 * names after every screen that loads them (hundreds of characters).
 */
export const chunkFileName = (chunk: { readonly name: string }): string =>
  chunk.name === UI_CHUNK || chunk.name.startsWith(`${UI_CHUNK}~`) ? 'assets/ui-[hash].js' : 'assets/[name]-[hash].js';

/** The feature a module belongs to (`src/features/<feature>/`), or null for the app's shared code. */
const featureOf = (id: string): string | null => /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? null;

/** The name a module that starts a chunk is known by in chunk names: its file name without the extension. */
const rootName = (id: string): string => (/([^\\/]+?)(\.[^.\\/]+)?$/.exec(id)?.[1] ?? 'part').replace(/[^\w-]/g, '');

/**
 * The chunk a module goes into: one of code shared by signed-in screens, one of code shared with what loads
 * before a signed-in page, or null (the bundler's own splitting).
 *
 * Left to itself the bundler makes one chunk per set of lazily loaded parts that share a module, so the
 * advertiser page loaded about a hundred chunks, most of 1 KB (each component, each schema file, each
 * hook): on a cold load each is a request that waits for a free connection (the page's Lighthouse LCP was
 * 1.8 s for that). Code that two or more parts share, when the entry does not load it, goes into one chunk
 * instead:
 * - when none of the parts loads before a signed-in page can (`loadsBeforeSignedInPage`: the sign-in pages,
 *   the start-up reads), `signed-in`, or `signed-in-<feature>` when the parts are all of one feature (a page
 *   and its lazy panels);
 * - else `shared-<those parts>`, named after the parts of them that load before a signed-in page (the
 *   login page, the route preloads): each of those parts needs every module of the chunk, so a sign-in page
 *   loads not a byte more than it uses, and the first page's reads do not wait for a page's components.
 * A module's imports are never pulled in by force (`includeDependenciesRecursively: false` on the group):
 * a module imported by one inside is loaded by at least the same parts, so it is inside too or in a chunk
 * of more parts; chunks import only chunks of more parts, never back, and nothing loaded before a
 * signed-in page imports a `signed-in` chunk.
 */
export function signedInChunkName(
  id: string,
  lookup: ModuleLookup,
  loadsBeforeSignedInPage: (id: string) => boolean,
): string | null {
  if (/[\\/]node_modules[\\/]/.test(id) && !SHARED_PACKAGES.test(id)) return null;
  const roots = loadRoots(id, lookup);
  if (roots.size < 2) return null;
  for (const root of roots) if (lookup(root)?.isEntry) return null;
  const before = [...roots].filter(loadsBeforeSignedInPage).map(rootName).sort();
  if (before.length > 0) return `${SHARED_CHUNK_PREFIX}${[...new Set(before)].join('-')}`;
  const features = new Set([...roots].map(featureOf));
  const [feature] = features;
  return features.size === 1 && feature ? `${SIGNED_IN_CHUNK}-${feature}` : SIGNED_IN_CHUNK;
}

/** The file name a route's page module has: `signUp` is `sign-up.tsx` (`page-modules.ts` keeps to it for the sign-in pages; a test checks). */
export const pageFileName = (routeName: string): string =>
  `${routeName.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.tsx`;

/** Whether a module is the page of one of these routes: a feature's `routes/<page-file-name>`. */
export function pageMatcher(routeNames: readonly string[]): (id: string) => boolean {
  const files = new Set(routeNames.map(pageFileName));
  return (id) => {
    const match = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]routes[\\/]([^\\/]+)$/.exec(id);
    return match !== null && files.has(match[1] ?? '');
  };
}
