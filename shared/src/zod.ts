/**
 * zod for the whole repository: `import * as z from '@bidgrid/shared/zod'` (relative inside shared).
 *
 * It is zod/mini, whose schemas are plain functions (`z.optional(s)`, `s.check(z.minLength(1))`) that
 * a bundler drops when unused. Classic zod puts every method on every schema, so any schema keeps all
 * of it: about 100 KB minified in each Lambda bundle, the median bundle's whole budget (issue 16).
 * The two share one core: same parsing, same issues, same JSON Schema.
 *
 * zod/mini carries no messages of its own ("Invalid input" for everything); classic zod installs the
 * English ones, which the forms and the 400 replies' field errors show where a schema names none.
 * This module installs them, so every module that builds a schema through it has them.
 */
import { config, pipe, transform, type core, type ZodMiniPipe, type ZodMiniTransform } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';

/**
 * Classic zod's `preprocess`, which zod/mini lacks: `fn` runs on the raw input, `schema` parses what
 * it returns (the same pipe classic zod builds), typed as classic zod types it.
 */
export function preprocess<A, U extends core.SomeType, B = unknown>(
  fn: (arg: B, ctx: core.ParsePayload) => A,
  schema: U,
): ZodMiniPipe<ZodMiniTransform<A, B>, U> {
  return pipe(transform(fn), schema as never) as unknown as ZodMiniPipe<ZodMiniTransform<A, B>, U>;
}
