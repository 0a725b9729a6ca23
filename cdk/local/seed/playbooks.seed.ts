import type { SeedModule } from './seed-module';

/** The dashboard's playbook cards (`lambdas/src/domain/agency/playbooks.seed.ts`, the same data the cloud seeds). */
export const playbooksSeed: SeedModule = {
  name: 'playbooks',
  store: 'dynamodb',
  async run({ logger }) {
    const { playbookRepository, PLAYBOOKS_SEED } = await import('@bidgrid/lambdas/seeding');
    await playbookRepository.putPlaybooks(PLAYBOOKS_SEED);
    logger.debug(`seeded ${PLAYBOOKS_SEED.length} playbooks`);
  },
};
