import { describe, expect, it } from 'vitest';
import { bidderWorkMs, REALTIME_TIMEOUT_SECONDS, STAGE_REALTIME_TIMEOUT_SECONDS } from './timeouts';

describe('bidderWorkMs', () => {
  it("leaves the undo time out of the event's own timeout, or out of the stage's when it has none", () => {
    // Prepare
    const creation = REALTIME_TIMEOUT_SECONDS['createCampaign'] as number;

    // Act
    const creationWork = bidderWorkMs('createCampaign', 120);
    const changeWork = bidderWorkMs('updateCampaignTargeting', 100);

    // Assess
    expect(creationWork).toBe((creation - 120) * 1000);
    expect(changeWork).toBe((STAGE_REALTIME_TIMEOUT_SECONDS - 100) * 1000);
    expect(changeWork).toBe(200_000);
  });
});
