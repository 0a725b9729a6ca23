import { DEMO_USERS } from './demo-world';
import type { SeedModule } from './seed-module';

/**
 * The agencies of the demo users, each with its user mapping (`USER#{username}`), written through
 * the handlers' own repository so the items look exactly like those the API creates. An agency
 * that is already there counts as seeded.
 */
export const agenciesSeed: SeedModule = {
  name: 'agencies',
  store: 'dynamodb',
  async run({ logger }) {
    const { agencyRepository } = await import('@bidgrid/lambdas/seeding');
    const createdAt = new Date().toISOString();
    for (const user of DEMO_USERS) {
      if (!user.agencyId || !user.agencyName) continue;
      const result = await agencyRepository.createAgencyWithUsers({
        agencyId: user.agencyId,
        name: user.agencyName,
        email: user.email,
        createdBy: user.username,
        users: [user.username],
        createdAt,
      });
      if (!result.created && result.conflict !== 'agency') {
        throw new Error(`Cannot seed ${user.agencyId}: user ${user.username} already belongs to another agency`);
      }
      logger.debug(`seeded agency ${user.agencyId}`);
    }
  },
};
