import { advertisersSeed } from './advertisers.seed';
import { adGroupTemplatesSeed } from './ad-group-templates.seed';
import { agenciesSeed } from './agencies.seed';
import { billingSeed } from './billing.seed';
import { campaignsSeed } from './campaigns.seed';
import { playbooksSeed } from './playbooks.seed';
import type { SeedModule } from './seed-module';
import { segmentsLogSeed } from './segments-log.seed';
import { segmentsSeed } from './segments.seed';
import { usersSeed } from './users.seed';

/**
 * The demo world, in order (users before the agencies that name them). Later features add their
 * modules here (advertisers, campaigns with months of delivery, templates, lists, segments).
 */
export const seeds: readonly SeedModule[] = [
  usersSeed,
  agenciesSeed,
  playbooksSeed,
  // Advertisers before the billing history that reads their cards.
  advertisersSeed,
  billingSeed,
  segmentsLogSeed,
  // Campaigns after the advertisers they belong to, with months of delivery.
  campaignsSeed,
  adGroupTemplatesSeed,
  // Retargeting segments of the demo advertisers, made at the bidder simulator.
  segmentsSeed,
];

export type { SeedContext, SeedModule } from './seed-module';
