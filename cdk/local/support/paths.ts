import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (this file is `cdk/local/support/paths.ts`). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Folders the local stack reads by convention (CONTRIBUTING.md: handlers are found by file name). */
export const paths = {
  repoRoot,
  lambdasSrc: join(repoRoot, 'lambdas/src'),
  httpHandlers: join(repoRoot, 'lambdas/src/http'),
  wsHandlers: join(repoRoot, 'lambdas/src/ws'),
  jobHandlers: join(repoRoot, 'lambdas/src/jobs'),
  triggerHandlers: join(repoRoot, 'lambdas/src/triggers'),
  web: join(repoRoot, 'web'),
  webDist: join(repoRoot, 'web/dist'),
  defaultDataDir: join(repoRoot, '.data'),
  nodeModules: join(repoRoot, 'node_modules'),
} as const;
