import { now } from '@bidgrid/shared/clock';
import { ZAgency } from '@bidgrid/shared/agency/agency.schema';
import { DEMO_USERS } from './demo-world';
import type { SeedModule } from './seed-module';

/**
 * Writes an agency and its users' mappings (`USER#{username}`: its creator `username`, then any
 * `colleagues`) through the handlers' own repository, so the items look exactly like those the API
 * creates; the operator's way, which needs no sign-up ticket (the API creates agencies only for users
 * its own sign-up registered, one each). Answers whether it was written (false: the agency exists);
 * throws when a user belongs to another agency. The environment of the handlers must be set first
 * (the stack, or `applyLambdaEnvironment` in tests).
 */
export async function seedAgency(input: {
  agencyId: string;
  name: string;
  email: string;
  username: string;
  colleagues?: readonly string[];
}): Promise<boolean> {
  const { agencyRepository } = await import('@bidgrid/lambdas/seeding');
  const users = [input.username, ...(input.colleagues ?? [])];
  const result = await agencyRepository.createAgencyWithUsers({
    agencyId: ZAgency.shape.agencyId.parse(input.agencyId),
    name: input.name,
    email: input.email,
    createdBy: input.username,
    users,
    createdAt: now().toISOString(),
  });
  if (result.created) return true;
  if (result.conflict === 'agency') return false;
  throw new Error(`Cannot seed ${input.agencyId}: user ${users.join(', ')} already belongs to another agency`);
}

/** The agencies of the demo users. An agency that is already there counts as seeded. */
export const agenciesSeed: SeedModule = {
  name: 'agencies',
  store: 'dynamodb',
  async run({ logger }) {
    for (const user of DEMO_USERS) {
      if (!user.agencyId || !user.agencyName) continue;
      await seedAgency({ agencyId: user.agencyId, name: user.agencyName, email: user.email, username: user.username });
      logger.debug(`seeded agency ${user.agencyId}`);
    }
  },
};
