import { now } from '@bidgrid/shared/clock';
import { join } from 'node:path';
import { JsonStore } from '../support/json-store';
import type { SeedContext, SeedModule } from './seed-module';

/** `<dataDir>/seed-state.json`: which seed modules ran, and when. */
interface SeedState {
  applied: Record<string, string>;
}

/**
 * Runs the seed modules that have not run for this data folder yet, in order, recording each one
 * after it succeeds (a failure leaves it unrecorded, so the next start retries it). Modules whose
 * store is in `freshStores` run again even if recorded: their data is gone.
 * Returns the names of the modules that ran.
 */
export async function runSeeds(
  modules: readonly SeedModule[],
  context: SeedContext,
  options: { dataDir: string; freshStores: ReadonlySet<SeedModule['store']> },
): Promise<string[]> {
  const state = new JsonStore<SeedState>(join(options.dataDir, 'seed-state.json'), () => ({ applied: {} }));
  const ran: string[] = [];
  for (const module of modules) {
    if (state.data.applied[module.name] && !options.freshStores.has(module.store)) continue;
    await module.run(context);
    state.update((s) => {
      s.applied[module.name] = now().toISOString();
    });
    ran.push(module.name);
  }
  return ran;
}
