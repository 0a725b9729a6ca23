import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeEntries } from '../src/config/paths';
import {
  loadRoots,
  pageFileName,
  pageMatcher,
  SIGNED_IN_CHUNK,
  signedInChunkName,
  type ModuleLinks,
} from './signed-in-chunk';

const src = '/app/web/src';
const mod = (path: string): string => `${src}/${path}`;

/**
 * A small app: the entry imports the route table, which imports each page lazily; two signed-in pages of two
 * features share a table and a hook, a page of the advertisers feature has a lazy panel, the login page
 * shares a button with one of them, and the session's start-up module shares the API client with the pages.
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
  [mod('components/button.tsx')]: {},
  [mod('components/page-loader.tsx')]: {},
  [mod('features/advertisers/advertiser-parts.ts')]: {},
  [mod('features/billing/invoice-only.ts')]: {},
  [mod('lib/use-rows.ts')]: {},
  [mod('lib/api/api-client.ts')]: {},
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

  it('leaves to the bundler what one part alone loads, and what the entry, a sign-in page or the start-up reads load', () => {
    // Assess
    expect(chunkOf('features/billing/invoice-only.ts')).toBeNull();
    expect(chunkOf('components/page-loader.tsx')).toBeNull();
    expect(chunkOf('components/button.tsx')).toBeNull();
    expect(chunkOf('lib/api/api-client.ts')).toBeNull();
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
