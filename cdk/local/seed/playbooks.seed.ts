import type { SeedModule } from './seed-module';

/** The dashboard's playbook cards (`lambdas/src/domain/playbooks.seed.ts`, the same data the cloud seeds). */
export const playbooksSeed: SeedModule = {
  name: 'playbooks',
  store: 'dynamodb',
  async run({ logger }) {
    const [{ playbookRepository }, { PLAYBOOKS_SEED }] = await Promise.all([
      import('@bidgrid/lambdas/adapters/repositories/playbook.repository'),
      import('@bidgrid/lambdas/domain/playbooks.seed'),
    ]);
    await playbookRepository.putPlaybooks(PLAYBOOKS_SEED);
    logger.debug(`seeded ${PLAYBOOKS_SEED.length} playbooks`);
  },
};
