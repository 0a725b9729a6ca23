import { existsSync } from 'node:fs';
import { spawnStack } from '../support/spawn-stack';
import { STACK_INFO_ENV } from '../support/stack';

/** Uses the stack `npm test` started, or starts one with the built web app (run `npm run build -w web` first). */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const existing = process.env[STACK_INFO_ENV];
  if (existing && existsSync(existing)) return undefined;
  const stack = await spawnStack({ web: 'build' });
  process.env[STACK_INFO_ENV] = stack.infoFile;
  return () => stack.stop();
}
