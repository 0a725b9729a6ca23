import { createContext, useContext } from 'react';
import type { TRuntimeConfig } from '@bidgrid/shared/runtime-config';

/** The runtime config loaded at start, for components that need a URL from it (support link, payments). */
export const RuntimeConfigContext = createContext<TRuntimeConfig | null>(null);

/** The runtime config; throws outside the provider (a wiring bug). */
export function useRuntimeConfig(): TRuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigContext.');
  return config;
}
