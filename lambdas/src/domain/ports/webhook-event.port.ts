/** The processed webhook events, so each is handled once. */
export interface WebhookEventRepository {
  /** Records the event id; false when it was recorded before (a replay or a redelivery). */
  claim(eventId: string, type: string, nowEpochSeconds: number): Promise<boolean>;
  /** Forgets a claim whose processing failed, so the provider's retry is processed. */
  release(eventId: string): Promise<void>;
}
