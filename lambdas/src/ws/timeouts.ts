/**
 * Realtime events whose Lambda runs longer than the stage's `realtimeTimeoutSeconds` (CDK reads
 * this). `createCampaign`: a campaign of 25,000 companies is about 100,000 bidder calls, which at the
 * bidder's 20 calls at once take minutes; the Lambda may run up to Lambda's 15 minutes, and the
 * creation stops (and is undone) well before, so a timeout never cuts it off half made.
 */
export const REALTIME_TIMEOUT_SECONDS: Readonly<Record<string, number>> = { createCampaign: 900 };
