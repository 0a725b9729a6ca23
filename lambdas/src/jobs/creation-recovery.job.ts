import { now } from '@bidgrid/shared/clock';
import type { ScheduledEvent } from 'aws-lambda';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { campaignCreationRepository } from '../adapters/repositories/campaign-creation.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { creationLease, targetingLayerUndos } from '../adapters/wiring';
import { recoverInterruptedCreations } from '../domain/campaigns/create-campaign-recovery';
import type { TRecoveryRun } from '../domain/campaigns/create-campaign-recovery';
import { jobHandler, scheduledRunId } from '../entry/job';

/**
 * The creation recovery job (schedule `creation-recovery` in `schedules.ts`): undoes every campaign
 * creation whose request died part-way (its claim's lease ran out), at the bidder and in the tables
 * (`create-campaign-recovery`). Safe to run twice at once: each creation is claimed before it is undone.
 */
export const handler = jobHandler<Partial<ScheduledEvent>, TRecoveryRun>(
  'creation-recovery',
  async (_event, { log }) => {
    const run = await recoverInterruptedCreations({
      campaigns: campaignRepository,
      creation: campaignCreationRepository,
      bidder: bidderClient(),
      layerUndos: targetingLayerUndos(),
      now,
      log,
      ...creationLease(),
    });
    if (run.found > 0) log.info('creation recovery run', { ...run });
    return run;
  },
  { runIdOf: scheduledRunId },
);
