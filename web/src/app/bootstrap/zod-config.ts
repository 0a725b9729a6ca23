import * as z from '@bidgrid/shared/zod';

/*
 * Zod compiles object parsers with `new Function` where it may, and finds out by trying it once: the
 * CSP (no 'unsafe-eval') refuses that try and reports a violation on every page load. The app never
 * evaluates strings, so say so before any schema is built: parsers run interpreted, as they already
 * did after the refused try. A schema reads this when it is built, so this module shares zod's chunk
 * (the `zod` group of vite.config.ts): every chunk that builds a schema loads after it.
 */
z.config({ jitless: true });
