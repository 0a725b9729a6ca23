import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { Plugin } from 'vite';
import type { SystemContext } from '@chakra-ui/react';

/** The CSS module that carries the design system's global styles (see `chakraGlobalCss`). */
export const CHAKRA_GLOBAL_CSS_MODULE = 'virtual:chakra-global.css';

/**
 * The design system's global styles as CSS text: its cascade-layer order, the reset, the global styles
 * and every token's CSS variable, exactly as `ChakraProvider` would insert them at run time (emotion
 * serialises and compiles them the same way; emotion's server mode hands the rules back as text).
 */
export function renderChakraGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'chakra-global' });
  const rules = [system.layers.atRule, ...system._global].map((styles) => {
    const serialized = serializeStyles([styles], cache.registered);
    return cache.insert('', serialized, cache.sheet, false) ?? '';
  });
  return `${rules.join('\n')}\n`;
}

/**
 * A Vite plugin serving `virtual:chakra-global.css`, built from the app's design system when the web
 * app is built (or served): the page gets the global styles as a stylesheet, and the app's provider
 * (`appSystem`) no longer builds and inserts them while rendering its first screen (measured: about
 * 100 ms of the first render on the advertiser page).
 */
export function chakraGlobalCss(loadSystem: () => Promise<SystemContext>): Plugin {
  const resolved = `\0${CHAKRA_GLOBAL_CSS_MODULE}`;
  return {
    name: 'bidgrid-chakra-global-css',
    resolveId: (id) => (id === CHAKRA_GLOBAL_CSS_MODULE ? resolved : null),
    load: async (id) => (id === resolved ? renderChakraGlobalCss(await loadSystem()) : null),
  };
}
