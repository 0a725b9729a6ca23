import { now } from '@bidgrid/shared/clock';
import type { SeedModule } from './seed-module';

/** A public list of the catalogue: SINGLE (one bidder list) or SPLIT (one bidder list per domain). */
interface SeedPublicList {
  readonly id: string;
  readonly listType: 'SINGLE' | 'SPLIT';
  readonly name: string;
  readonly domains: readonly string[];
}

/** A custom list of a demo advertiser. */
interface SeedCustomList {
  readonly agencyId: string;
  readonly advertiserId: `bgAdvertiser-${string}`;
  readonly name: string;
  readonly domains: readonly string[];
}

/**
 * The public publication lists BidGrid curates (shared by every agency): B2B trade press, as an
 * agency's media planner would pick them. Two SINGLE lists and two SPLIT lists, whose domains get a
 * CPM bid each in the wizard.
 */
export const SEED_PUBLIC_LISTS: readonly SeedPublicList[] = [
  {
    id: 'pl-business-finance',
    listType: 'SINGLE',
    name: 'Business & Finance Press',
    domains: ['bloomberg.com', 'forbes.com', 'economist.com', 'marketwatch.com', 'businessinsider.com', 'reuters.com'],
  },
  {
    id: 'pl-it-decision-makers',
    listType: 'SINGLE',
    name: 'IT Decision Makers',
    domains: ['zdnet.com', 'cio.com', 'computerworld.com', 'infoworld.com', 'techtarget.com', 'networkworld.com'],
  },
  {
    id: 'pl-premium-tech',
    listType: 'SPLIT',
    name: 'Premium Tech Publishers',
    domains: ['techcrunch.com', 'wired.com', 'theverge.com'],
  },
  {
    id: 'pl-manufacturing',
    listType: 'SPLIT',
    name: 'Manufacturing & Supply Chain',
    domains: ['industryweek.com', 'supplychaindive.com', 'manufacturing.net', 'automationworld.com'],
  },
];

/** Custom lists of the demo world (the rival's too, so a walk across agencies has one to miss). */
export const SEED_CUSTOM_LISTS: readonly SeedCustomList[] = [
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    name: 'Robotics trade sites',
    domains: ['therobotreport.com', 'roboticsbusinessreview.com', 'robotics247.com'],
  },
  {
    agencyId: 'bgAgency-rival',
    advertiserId: 'bgAdvertiser-rival-orbit',
    name: 'Orbit partner sites',
    domains: ['spacenews.com', 'satellitetoday.com'],
  },
];

/**
 * The public catalogue and a few custom lists, made at the bidder (simulator) and stored through the
 * same use cases as the API's, so their shapes are the real ones.
 */
export const domainListsSeed: SeedModule = {
  name: 'domain-lists',
  store: 'dynamodb',
  async run({ logger }) {
    const {
      domainListRepository,
      advertiserRepository,
      bidderClient,
      createLogger,
      createPublicList,
      createDomainList,
    } = await import('@bidgrid/lambdas/seeding');
    const log = createLogger({ level: 'silent' });
    const deps = {
      domainLists: domainListRepository,
      advertisers: advertiserRepository,
      bidder: bidderClient(),
      now,
      log,
    };
    const existing = new Set((await domainListRepository.listPublicLists()).map((list) => list.id));
    for (const seed of SEED_PUBLIC_LISTS) {
      if (existing.has(seed.id)) continue;
      await createPublicList(seed, deps);
    }
    for (const seed of SEED_CUSTOM_LISTS) {
      const lists = await domainListRepository.listAllDomainLists(seed.agencyId, seed.advertiserId);
      if (lists.some((list) => list.name === seed.name)) continue;
      await createDomainList(
        {
          agencyId: seed.agencyId,
          request: { bgAdvertiserId: seed.advertiserId, listName: seed.name, domains: [...seed.domains] },
        },
        deps,
      );
    }
    logger.debug(`domain lists: ${SEED_PUBLIC_LISTS.length} public, ${SEED_CUSTOM_LISTS.length} custom`);
  },
};
