import { describe, expect, it } from 'vitest';
import { planMoves, rewriteSource, specifiersOf } from './move-modules.mjs';

const files = [
  'lambdas/src/lib/errors.ts',
  'lambdas/src/lib/errors.test.ts',
  'lambdas/src/lib/http.ts',
  'lambdas/src/http/get-health.handler.ts',
  'cdk/local/gateway/rest.ts',
  'web/src/lib/api/index.ts',
  'web/src/features/billing/api/billing.api.ts',
];

describe('moving modules', () => {
  it('finds static, type-only, re-exported, lazy and mocked specifiers', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export * from './c';",
      "const d = () => import('./d');",
      "import './e';",
      "vi.mock('./f', () => ({}));",
    ].join('\n');
    expect(specifiersOf(source).map((s) => s.specifier)).toEqual(['./a', '../b', './c', './d', './e', './f']);
  });

  it('moves a file with its test, and a folder with all it holds', () => {
    const single = planMoves([['lambdas/src/lib/errors.ts', 'lambdas/src/kernel/errors.ts']], files);
    expect([...single]).toEqual([
      ['lambdas/src/lib/errors.ts', 'lambdas/src/kernel/errors.ts'],
      ['lambdas/src/lib/errors.test.ts', 'lambdas/src/kernel/errors.test.ts'],
    ]);
    const folder = planMoves([['web/src/lib/api', 'web/src/data']], files);
    expect([...folder]).toEqual([['web/src/lib/api/index.ts', 'web/src/data/index.ts']]);
  });

  it("rewrites imports of a moved file in the style they were written, and the moved file's own", () => {
    // Prepare
    const moved = new Map([
      ['lambdas/src/lib/errors.ts', 'lambdas/src/kernel/errors.ts'],
      ['lambdas/src/lib/http.ts', 'lambdas/src/entry/http.ts'],
      ['web/src/lib/api/index.ts', 'web/src/data/index.ts'],
    ]);
    const set = new Set(files);

    // Act
    const handler = rewriteSource(
      "import { httpHandler } from '../lib/http';\nimport { AppError } from '../lib/errors';\nimport { z } from '@bidgrid/shared/zod';\n",
      'lambdas/src/http/get-health.handler.ts',
      'lambdas/src/http/get-health.handler.ts',
      moved,
      set,
    );
    const http = rewriteSource(
      "import { AppError } from './errors';\n",
      'lambdas/src/lib/http.ts',
      'lambdas/src/entry/http.ts',
      moved,
      set,
    );
    const local = rewriteSource(
      "const load = () => import('@bidgrid/lambdas/lib/errors');\n",
      'cdk/local/gateway/rest.ts',
      'cdk/local/gateway/rest.ts',
      moved,
      set,
    );
    const web = rewriteSource(
      "import { api } from '@/lib/api';\n",
      'web/src/features/billing/api/billing.api.ts',
      'web/src/features/billing/api/billing.api.ts',
      moved,
      set,
    );

    // Assess
    expect(handler).toBe(
      "import { httpHandler } from '../entry/http';\nimport { AppError } from '../kernel/errors';\nimport { z } from '@bidgrid/shared/zod';\n",
    );
    expect(http).toBe("import { AppError } from '../kernel/errors';\n");
    expect(local).toBe("const load = () => import('@bidgrid/lambdas/kernel/errors');\n");
    expect(web).toBe("import { api } from '@/data';\n");
  });
});
