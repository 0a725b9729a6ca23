/**
 * Realtime events whose Lambda runs longer than the stage's `realtimeTimeoutSeconds` (CDK reads
 * this). `createCampaign`: a campaign of 25,000 companies is about 100,000 bidder calls, which at the
 * bidder's 20 calls at once take minutes; the Lambda may run up to Lambda's 15 minutes, and the
 * creation stops (and is undone) well before, so a timeout never cuts it off half made.
 */
export const REALTIME_TIMEOUT_SECONDS: Readonly<Record<string, number>> = { createCampaign: 900 };

/** The realtime Lambdas' timeout when an event has none above (every stage's `realtimeTimeoutSeconds`). */
export const STAGE_REALTIME_TIMEOUT_SECONDS = 300;

/**
 * How long an event's bidder work may run: its Lambda's timeout less `undoSeconds`, kept for undoing
 * what was made when the work runs out, so nothing is cut off half made.
 */
export function bidderWorkMs(event: string, undoSeconds: number): number {
  return ((REALTIME_TIMEOUT_SECONDS[event] ?? STAGE_REALTIME_TIMEOUT_SECONDS) - undoSeconds) * 1000;
}
