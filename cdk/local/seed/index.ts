import { agenciesSeed } from './agencies.seed';
import { playbooksSeed } from './playbooks.seed';
import type { SeedModule } from './seed-module';
import { usersSeed } from './users.seed';

/**
 * The demo world, in order (users before the agencies that name them). Later features add their
 * modules here (advertisers, campaigns with months of delivery, templates, lists, segments).
 */
export const seeds: readonly SeedModule[] = [usersSeed, agenciesSeed, playbooksSeed];

export type { SeedContext, SeedModule } from './seed-module';
