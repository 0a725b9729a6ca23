/**
 * A queue of work for a job's worker (ARCHITECTURE "Jobs at scale"): SQS in the cloud, an in-process
 * queue in the local stack. The schedule's job sends one message per unit of work; the worker gets
 * them in batches and names the ones that failed, which come back later (then go to a dead letter).
 */
export interface WorkQueue<T> {
  /** Sends the messages; resolves once every one was accepted, throws naming how many were not. */
  send(messages: readonly T[]): Promise<void>;
}

/** A message as a worker receives it. */
export interface TWorkRecord {
  /** Names the message when the worker reports it failed (SQS `messageId`). */
  id: string;
  /** The message as sent (JSON). */
  body: string;
  /** How many times it has been delivered, this time included. */
  receiveCount: number;
}

/** What a worker answers for a batch: the ids of the records that failed and should come back. */
export interface TWorkBatchResult {
  failedIds: string[];
}
