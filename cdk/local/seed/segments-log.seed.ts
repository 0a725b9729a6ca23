import { nowMs } from '@bidgrid/shared/clock';
import { COMPANIES } from '../simulators/company-match';
import type { SeedModule } from './seed-module';

/** How many company matches the seed logs, spread over the last ~80 days. */
export const SEED_SEGMENTS_LOG_ENTRIES = 40;

/** The ways people hand domains to the company matching (CRM values, CSV lines). */
const SPELLINGS = [
  (d: string) => [d],
  (d: string) => [`www.${d}`, d],
  (d: string) => [`https://www.${d}/`, `${d}`],
  (d: string) => [`info.${d}`, `www.${d}`, d],
  (d: string) => [`http://${d}/about`],
];

/**
 * A realistic segments log (000 §2 'Segments Logs'): the companies of the company-match dataset
 * matched to their IP ranges, each with the domains as they were given and the subdomain that
 * matched, every few hours to days, newest first. Company matching (a later feature) writes the same
 * entries when the wizard matches domains.
 */
export const segmentsLogSeed: SeedModule = {
  name: 'segments-log',
  store: 'dynamodb',
  async run({ logger }) {
    const { segmentsLogRepository } = await import('@bidgrid/lambdas/seeding');
    const now = nowMs();
    const entries = Array.from({ length: SEED_SEGMENTS_LOG_ENTRIES }, (_, i) => {
      const company = COMPANIES[(i * 7) % COMPANIES.length];
      if (!company) throw new Error('The company-match dataset is empty');
      const range = company.ipRanges[i % company.ipRanges.length] ?? company.ipRanges[0];
      if (!range) throw new Error(`${company.domain} has no IP range`);
      const spell = SPELLINGS[i % SPELLINGS.length] ?? SPELLINGS[0];
      const originalDomains = spell ? spell(company.domain) : [company.domain];
      const date = new Date(now - i * 2 * 86_400_000 - ((i * 5) % 24) * 3_600_000 - i * 61_000);
      return {
        id: `seglog-seed-${String(i + 1).padStart(3, '0')}`,
        subdomain: i % 4 === 3 ? `info.${company.domain}` : company.domain,
        originalDomains,
        ipSegment: range.cidr,
        date: date.toISOString(),
      };
    });
    await segmentsLogRepository.putEntries(entries);
    logger.debug(`seeded ${entries.length} segments log entries`);
  },
};
