import type { SeedModule } from './seed-module';

/** A seeded retargeting segment: a visitor one, or (with `emails`) a CRM one 'Hashed Emails for {name}'. */
interface SeedSegment {
  readonly agencyId: `bgAgency-${string}`;
  readonly advertiserId: `bgAdvertiser-${string}`;
  readonly name: string;
  readonly description: string;
  readonly emails?: readonly string[];
}

/**
 * Retargeting segments of the demo advertisers, made at the bidder simulator through the same use
 * cases as the create-segment modal and the CRM page's Save: two visitor segments of Acme for the
 * Visitors step and page, one CRM e-mail segment (which the visitors list hides), and one of the
 * rival's advertiser that the demo user must never see.
 */
export const SEED_SEGMENTS: readonly SeedSegment[] = [
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    name: 'Pricing page visitors',
    description: 'People who viewed acmerobotics.example/pricing in the last 30 days.',
  },
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    name: 'Demo request starters',
    description: 'Opened the demo request form without sending it.',
  },
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    name: 'Robotics summit leads',
    description: '',
    emails: [
      'dana.lee@ironbridgemanufacturing.com',
      'sam.ortiz@sapphiretelecom.com',
      'kim.park@redwoodclinicallabs.com',
    ],
  },
  {
    agencyId: 'bgAgency-rival',
    advertiserId: 'bgAdvertiser-rival-orbit',
    name: 'Orbit site visitors',
    description: 'Every page of the Orbit site.',
  },
];

export const segmentsSeed: SeedModule = {
  name: 'segments',
  store: 'dynamodb',
  async run({ logger }) {
    const { createSegment, createEmailSegment, segmentDeps, segmentRepository, createLogger } =
      await import('@bidgrid/lambdas/seeding');
    const deps = segmentDeps(createLogger({ level: 'warn' }));
    for (const seed of SEED_SEGMENTS) {
      const existing = await segmentRepository.listSegments(seed.agencyId, seed.advertiserId, {
        limit: 100,
        cursor: null,
      });
      if (existing.items.some((s) => s.segment_name.endsWith(seed.name))) continue;
      const ourId = `seed:${seed.advertiserId}:${seed.name}`;
      if (seed.emails) {
        const emailsToHash = [{ domain: 'general', emails: [...seed.emails] }];
        await createEmailSegment(
          { agencyId: seed.agencyId, advertiserId: seed.advertiserId, name: seed.name, emailsToHash, ourId },
          deps,
        );
      } else {
        await createSegment(
          {
            agencyId: seed.agencyId,
            advertiserId: seed.advertiserId,
            name: seed.name,
            description: seed.description,
            ourId,
          },
          deps,
        );
      }
    }
    logger.info(`seeded ${SEED_SEGMENTS.length} retargeting segments`);
  },
};
