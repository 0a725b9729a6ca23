import { ChakraProvider } from '@chakra-ui/react';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { appSystem } from '@/theme/system';
import { createRoutes } from './router/routes';
import { SessionProvider, SessionToaster } from './session-provider';

/** The app: design system, runtime config, session, router, and the one toaster. */
export function App({ config }: { config: TRuntimeConfig }) {
  const router = useMemo(() => createBrowserRouter(createRoutes()), []);
  return (
    <ChakraProvider value={appSystem}>
      <RuntimeConfigContext.Provider value={config}>
        <SessionProvider>
          <RouterProvider router={router} />
          <SessionToaster />
        </SessionProvider>
      </RuntimeConfigContext.Provider>
    </ChakraProvider>
  );
}
