import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createLogger } from '../support/logger';
import type { SeedContext, SeedModule } from './seed-module';
import { runSeeds } from './seed-runner';

const dir = mkdtempSync(join(tmpdir(), 'seed-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const context: SeedContext = {
  cognito: {} as CognitoIdentityProviderClient,
  userPoolId: 'local_pool',
  logger: createLogger('silent'),
};

describe('runSeeds', () => {
  it('runs each module once per data folder, again when its store is fresh, and retries failures', async () => {
    // Prepare
    const calls: string[] = [];
    let failOnce = true;
    const module = (name: string, store: SeedModule['store']): SeedModule => ({
      name,
      store,
      run: async () => {
        calls.push(name);
        if (name === 'flaky' && failOnce) {
          failOnce = false;
          throw new Error('first try fails');
        }
      },
    });
    const modules = [module('users', 'cognito'), module('agencies', 'dynamodb'), module('flaky', 'dynamodb')];
    const options = (fresh: Array<SeedModule['store']> = []) => ({ dataDir: dir, freshStores: new Set(fresh) });

    // Act
    await expect(runSeeds(modules, context, options())).rejects.toThrow('first try fails');
    const second = await runSeeds(modules, context, options());
    const third = await runSeeds(modules, context, options());
    const afterNewPool = await runSeeds(modules, context, options(['cognito']));

    // Assess
    expect(second).toEqual(['flaky']);
    expect(third).toEqual([]);
    expect(afterNewPool).toEqual(['users']);
    expect(calls).toEqual(['users', 'agencies', 'flaky', 'flaky', 'users']);
  });
});
