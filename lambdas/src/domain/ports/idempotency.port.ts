/** Results of operations that must happen once, by key. */
export interface IdempotencyRepository {
  /** The stored result, or null when the key is unknown. */
  get(key: string): Promise<Record<string, unknown> | null>;
  /** Stores the result of `key` (the first write wins; a repeat of the same result changes nothing). */
  put(key: string, result: Record<string, unknown>, nowEpochSeconds: number): Promise<void>;
}
