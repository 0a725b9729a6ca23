import type { TestProject } from 'vitest/node';
import { startWorkerStacks } from '../support/worker-stacks';

/**
 * Integration tests run against real local stacks: one fresh stack (free ports, in-memory data) per
 * worker, started here side by side and stopped afterwards (`test/support/worker-stacks.ts`; each file
 * takes its worker's in `worker-stack.setup.ts`). Their simulators record their replies under
 * BIDGRID_SIM_RECORD_DIR (`test/run-with-stack.ts` sets it and checks them afterwards; the fuzz counts
 * the requests a vendor refused from its own stack's).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stacks = await startWorkerStacks(Math.max(1, project.config.maxWorkers));
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
}
