import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeEntries } from '../src/config/paths';
import {
  loadRoots,
  pageFileName,
  pageMatcher,
  SIGNED_IN_CHUNK,
  SHARED_CHUNK_PREFIX,
  signedInChunkName,
  chunkFileName,
  UI_CHUNK,
  type ModuleLinks,
} from './signed-in-chunk';

const src = '/app/web/src';
const mod = (path: string): string => `${src}/${path}`;

/**
 * A small app: the entry imports the route table, which imports each page lazily; two signed-in pages of two
 * features share a table and a hook, a page of the advertisers feature has a lazy panel, the login page
 * shares a button with one of them, and the session's start-up module shares the API client with the pages
 * (both format with the same helper).
 */
const graph: Record<string, { isEntry?: boolean; imports?: string[]; lazy?: string[] }> = {
  [mod('main.tsx')]: {
    isEntry: true,
    imports: [mod('app/router/routes.tsx'), mod('components/page-loader.tsx')],
    lazy: [mod('app/session-data.ts')],
  },
  [mod('app/router/routes.tsx')]: {
    lazy: [
      mod('features/auth/routes/login.tsx'),
      mod('features/advertisers/routes/advertiser-detail.tsx'),
      mod('features/billing/routes/invoices.tsx'),
    ],
  },
  [mod('app/session-data.ts')]: { imports: [mod('lib/api/api-client.ts')] },
  [mod('lib/format.ts')]: {},
  [mod('features/auth/routes/login.tsx')]: {
    imports: [mod('components/button.tsx'), mod('components/page-loader.tsx')],
  },
  [mod('features/advertisers/routes/advertiser-detail.tsx')]: {
    imports: [
      mod('components/data-table.tsx'),
      mod('components/button.tsx'),
      mod('features/advertisers/advertiser-parts.ts'),
      mod('lib/api/api-client.ts'),
    ],
    lazy: [mod('features/advertisers/components/payment-panel.tsx')],
  },
  [mod('features/advertisers/components/payment-panel.tsx')]: {
    imports: [mod('features/advertisers/advertiser-parts.ts')],
  },
  [mod('features/billing/routes/invoices.tsx')]: {
    imports: [mod('components/data-table.tsx'), mod('features/billing/invoice-only.ts'), mod('lib/api/api-client.ts')],
  },
  [mod('components/data-table.tsx')]: { imports: [mod('lib/use-rows.ts')] },
  [mod('components/button.tsx')]: { imports: [mod('lib/format.ts')] },
  [mod('components/page-loader.tsx')]: {},
  [mod('features/advertisers/advertiser-parts.ts')]: {},
  [mod('features/billing/invoice-only.ts')]: {},
  [mod('lib/use-rows.ts')]: {},
  [mod('lib/api/api-client.ts')]: { imports: [mod('lib/format.ts')] },
};

const lookup = (id: string): ModuleLinks | null => {
  const node = graph[id];
  if (!node) return null;
  const importers = Object.keys(graph).filter((other) => graph[other]?.imports?.includes(id));
  const dynamicImporters = Object.keys(graph).filter((other) => graph[other]?.lazy?.includes(id));
  return { isEntry: node.isEntry ?? false, importers, dynamicImporters };
};

const isSignInPage = pageMatcher(['login']);
const loadsBeforeSignedInPage = (id: string): boolean => isSignInPage(id) || id.endsWith('/app/session-data.ts');
const chunkOf = (path: string): string | null => signedInChunkName(mod(path), lookup, loadsBeforeSignedInPage);

describe('loadRoots', () => {
  it('finds the lazily loaded modules (and the entry) a module is loaded with, through every chain of imports', () => {
    // Assess
    expect(loadRoots(mod('lib/use-rows.ts'), lookup)).toEqual(
      new Set([mod('features/advertisers/routes/advertiser-detail.tsx'), mod('features/billing/routes/invoices.tsx')]),
    );
    expect(loadRoots(mod('app/router/routes.tsx'), lookup)).toEqual(new Set([mod('main.tsx')]));
  });
});

describe('signedInChunkName', () => {
  it('puts the code two signed-in pages share into the signed-in chunk, with what only it imports', () => {
    // Assess
    expect(chunkOf('components/data-table.tsx')).toBe(SIGNED_IN_CHUNK);
    expect(chunkOf('lib/use-rows.ts')).toBe(SIGNED_IN_CHUNK);
  });

  it('names the chunk after the feature when the parts that share the code are all of one feature', () => {
    // Assess: the advertiser page and its lazy payment panel
    expect(chunkOf('features/advertisers/advertiser-parts.ts')).toBe(`${SIGNED_IN_CHUNK}-advertisers`);
  });

  it('leaves to the bundler what one part alone loads, and what the entry loads', () => {
    // Assess
    expect(chunkOf('features/billing/invoice-only.ts')).toBeNull();
    expect(chunkOf('components/page-loader.tsx')).toBeNull();
  });

  it('puts code shared with a sign-in page or the start-up reads in a chunk named after those, which need all of it', () => {
    // Assess: the button of the login page and the advertiser page; the API client of the session's
    // start-up reads and two pages
    expect(chunkOf('components/button.tsx')).toBe(`${SHARED_CHUNK_PREFIX}login`);
    expect(chunkOf('lib/api/api-client.ts')).toBe(`${SHARED_CHUNK_PREFIX}session-data`);
    // Imported by both: loaded by the parts of each
    expect(chunkOf('lib/format.ts')).toBe(`${SHARED_CHUNK_PREFIX}login-session-data`);
  });

  it('makes chunks that import only chunks loaded by more parts: never one another, never a signed-in one from before', () => {
    // Prepare: the chunk of each module the group places, and the chunks each one's imports are in
    const placed = new Map(
      Object.keys(graph).flatMap((id) => {
        const chunk = signedInChunkName(id, lookup, loadsBeforeSignedInPage);
        return chunk === null ? [] : [[id, chunk] as const];
      }),
    );
    const edges = new Map<string, Set<string>>();
    for (const [id, chunk] of placed) {
      for (const imported of graph[id]?.imports ?? []) {
        const target = placed.get(imported);
        if (target && target !== chunk) edges.set(chunk, (edges.get(chunk) ?? new Set()).add(target));
      }
    }
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(edges.get(from) ?? [])].some(
        (next) => next === to || (!seen.has(next) && reaches(next, to, seen.add(next))),
      );

    // Assess
    expect(placed.size).toBeGreaterThan(3);
    for (const chunk of new Set(placed.values())) expect(reaches(chunk, chunk)).toBe(false);
    for (const chunk of new Set(placed.values())) {
      if (!chunk.startsWith(SHARED_CHUNK_PREFIX)) continue;
      for (const target of edges.get(chunk) ?? []) expect(target.startsWith(SIGNED_IN_CHUNK)).toBe(false);
    }
  });

  it('leaves packages to the bundler, but for the design system and the form library every page draws with', () => {
    // Prepare
    const withPackage = (id: string, importer: string) => (other: string) =>
      other === id
        ? { isEntry: false, importers: [importer], dynamicImporters: [] }
        : other === importer
          ? { isEntry: false, importers: [mod('components/data-table.tsx')], dynamicImporters: [] }
          : lookup(other);
    const phone = '/app/node_modules/libphonenumber-js/min/index.js';
    const dialog = '/app/node_modules/@chakra-ui/react/dist/esm/components/dialog/dialog.js';

    // Act
    const phoneChunk = signedInChunkName(phone, withPackage(phone, mod('lib/phone.ts')), loadsBeforeSignedInPage);
    const dialogChunk = signedInChunkName(dialog, withPackage(dialog, mod('lib/ui.ts')), loadsBeforeSignedInPage);

    // Assess
    expect(phoneChunk).toBeNull();
    expect(dialogChunk).toBe(SIGNED_IN_CHUNK);
  });
});

describe('chunkFileName', () => {
  it('names a part of the design system by its hash alone, and every other chunk by its name', () => {
    // Assess
    expect(chunkFileName({ name: `${UI_CHUNK}~index~login~sign-up~advertiser-detail~invoices` })).toBe(
      'assets/ui-[hash].js',
    );
    expect(chunkFileName({ name: UI_CHUNK })).toBe('assets/ui-[hash].js');
    expect(chunkFileName({ name: 'signed-in-advertisers' })).toBe('assets/[name]-[hash].js');
    expect(chunkFileName({ name: 'uikit' })).toBe('assets/[name]-[hash].js');
  });
});

describe('pageMatcher', () => {
  it('matches the page module of each named route, and nothing else of the feature', () => {
    // Prepare
    const isPage = pageMatcher(['login', 'requestPasswordReset']);

    // Assess
    expect(pageFileName('requestPasswordReset')).toBe('request-password-reset.tsx');
    expect(isPage(mod('features/auth/routes/login.tsx'))).toBe(true);
    expect(isPage(mod('features/auth/routes/request-password-reset.tsx'))).toBe(true);
    expect(isPage(mod('features/auth/components/login.tsx'))).toBe(false);
    expect(isPage(mod('features/auth/routes/sign-up.tsx'))).toBe(false);
  });

  it('holds for the route table: each sign-in page is imported from the file its route name gives', () => {
    // Prepare
    const routesSource = readFileSync(new URL('../src/app/router/page-modules.ts', import.meta.url), 'utf8');
    const signInRoutes = routeEntries.filter(([, def]) => def.guard === 'public-only').map(([name]) => name);

    // Act
    const imported = signInRoutes.map(
      (name) => new RegExp(`\\b${name}: \\(\\) => import\\('([^']+)'\\)`).exec(routesSource)?.[1],
    );

    // Assess
    expect(signInRoutes.length).toBeGreaterThan(0);
    for (const [index, name] of signInRoutes.entries()) {
      expect(`${imported[index] ?? ''}.tsx`).toMatch(new RegExp(`/routes/${pageFileName(name)}$`));
    }
  });
});
