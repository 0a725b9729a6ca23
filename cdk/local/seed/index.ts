import { advertisersSeed } from './advertisers.seed';
import { adGroupTemplatesSeed } from './ad-group-templates.seed';
import { agenciesSeed } from './agencies.seed';
import { billingSeed } from './billing.seed';
import { campaignsSeed } from './campaigns.seed';
import { domainListsSeed } from './domain-lists.seed';
import { playbooksSeed } from './playbooks.seed';
import { roleCatalogSeed } from './role-catalog.seed';
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
  // The public Role/Title catalogue (its audience segments made at the bidder), before the campaigns
  // whose targeting names its roles.
  roleCatalogSeed,
  // Campaigns after the advertisers they belong to, with months of delivery.
  campaignsSeed,
  adGroupTemplatesSeed,
  // Public publication lists and custom lists, after the advertisers that own the custom ones.
  domainListsSeed,
  // Retargeting segments of the demo advertisers, made at the bidder simulator.
  segmentsSeed,
];

export type { SeedContext, SeedModule } from './seed-module';
