import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The BidGrid design system: Chakra's defaults plus the spec's theme (000 §9, 001 §9: border radius 5,
 * body text 0.92rem) and colour fixes so every page passes axe's contrast check.
 */
const bidGridConfig = defineConfig({
  globalCss: {
    body: { fontSize: '0.92rem' },
    // A visible ring for keyboard users only; mouse clicks do not leave outlines behind.
    '*:focus-visible': { outline: '2px solid', outlineColor: 'blue.700', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      // Components take their corner radius from l1..l3: one value gives every component 5px corners.
      radii: {
        l1: { value: '5px' },
        l2: { value: '5px' },
        l3: { value: '5px' },
      },
      colors: {
        // Chakra's defaults (red.500, orange.600, green.600 on white) are below 4.5:1; these pass AA.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          warning: { value: { _light: '{colors.orange.800}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          muted: { value: { _light: '{colors.gray.700}', _dark: '{colors.gray.400}' } },
        },
        border: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        },
      },
    },
  },
});

/** The Chakra system passed to `ChakraProvider`. */
export const system = createSystem(defaultConfig, bidGridConfig);
