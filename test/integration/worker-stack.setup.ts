import { useWorkerStack } from '../support/worker-stacks';

// Each file talks to the stack of the worker slot it runs in (global-setup.ts started one per slot).
useWorkerStack(Number(process.env['VITEST_POOL_ID'] ?? '1'));
