/** Results of operations that must happen once, by key. */
export interface IdempotencyRepository {
  /** The stored result, or null when the key is unknown (or only claimed: its run has not ended). */
  get(key: string): Promise<Record<string, unknown> | null>;
  /**
   * Stores the result of `key` (the first write wins; a repeat of the same result changes nothing), kept
   * `ttlSeconds` (60 days unless given).
   */
  put(key: string, result: Record<string, unknown>, nowEpochSeconds: number, ttlSeconds?: number): Promise<void>;
  /**
   * Claims `key` for a run about to start, kept `ttlSeconds`: false when it was claimed before (a run under
   * way, or one whose result is stored), so only one run of the key ever happens.
   */
  claim(key: string, nowEpochSeconds: number, ttlSeconds: number): Promise<boolean>;
  /** Forgets a claim whose run failed before storing a result, so a retry may run; a stored result stays. */
  release(key: string): Promise<void>;
}
