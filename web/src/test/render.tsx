import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import type { TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { SessionContext, type SessionContextValue, type SessionState } from '@/lib/session/session-context';
import { system } from '@/theme/system';

/** A runtime config for tests (never fetched). */
export const testConfig: TRuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: 'http://127.0.0.1:15400',
  wsUrl: 'ws://127.0.0.1:15401/local',
  cognito: { userPoolId: 'local_pool', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:15229' },
  payments: { mode: 'simulator', baseUrl: 'http://127.0.0.1:15103', publishableKey: 'pk_test_local' },
  supportUrl: 'https://support.example.com/',
};

export const demoAgency: TAgency = {
  agencyId: 'bgAgency-demo',
  name: 'Demo Agency',
  email: 'demo@example.com',
  createdBy: 'demo',
  users: ['demo'],
};

/** A session value with spies for its actions. */
export function fakeSession(state: Partial<SessionState> = {}): SessionContextValue {
  return {
    isAuthenticated: false,
    isLoading: false,
    userName: null,
    agency: null,
    refresh: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    ...state,
  };
}

/** Renders a route tree in a memory router with the design system, config and a given session. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session = fakeSession() }: { path?: string; session?: SessionContextValue } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <ChakraProvider value={system}>
      <RuntimeConfigContext.Provider value={testConfig}>
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </RuntimeConfigContext.Provider>
    </ChakraProvider>,
  );
  return { ...result, router };
}

/** Renders one element at a path (for pages that use router hooks). */
export function renderPage(
  element: ReactElement,
  options: { path?: string; session?: SessionContextValue; extraRoutes?: RouteObject[] } = {},
) {
  const path = options.path ?? '/';
  return renderRoutes([{ path, element }, ...(options.extraRoutes ?? [])], options);
}
