import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIM_RECORD_DIR_ENV, type RecordedReply } from '@bidgrid/local/simulators/simulator-server';

/**
 * The replies the stack's simulators gave, as they record them (`BIDGRID_SIM_RECORD_DIR`, set by
 * `test/run-with-stack.ts` and `test/integration/global-setup.ts`): what a suite made the vendors
 * answer, so a suite can fail on any request a vendor refused.
 */

/** Where the stack's simulators record their replies; throws when the stack records none. */
export function vendorRecordDir(): string {
  const dir = process.env[SIM_RECORD_DIR_ENV];
  if (!dir) throw new Error(`${SIM_RECORD_DIR_ENV} is not set: run the suite through test/run-with-stack.ts`);
  return dir;
}

/** How far each record file was read: the replies after a mark are the ones given since. */
export type TReplyMark = ReadonlyMap<string, number>;

function recordFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.jsonl')) : [];
}

function linesOf(dir: string, file: string): string[] {
  const text = readFileSync(join(dir, file), 'utf8');
  // The last line may be half written: only whole lines count.
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  return whole.split('\n').filter((line) => line.trim() !== '');
}

/** A mark at the replies recorded so far. */
export function markVendorReplies(dir: string = vendorRecordDir()): TReplyMark {
  return new Map(recordFiles(dir).map((file) => [file, linesOf(dir, file).length]));
}

/** The replies recorded since `mark`, in each file's order. */
export function vendorRepliesSince(mark: TReplyMark, dir: string = vendorRecordDir()): RecordedReply[] {
  return recordFiles(dir).flatMap((file) =>
    linesOf(dir, file)
      .slice(mark.get(file) ?? 0)
      .map((line) => JSON.parse(line) as RecordedReply),
  );
}

/**
 * A vendor's refusal of what it was sent: a 400, 413, 414 or 422 a route answered (a value or a size
 * the vendor does not take; the simulators' own replies to no route, injected faults and crashes have
 * no route). Not refusals of the request's content: 401 (an expired session, signed in again), 402 (a
 * declined card), 404 (an id looked up that the vendor does not hold, or a record removed by a
 * concurrent change: `isVendorNotFound`), 409, 429 (busy: retried).
 */
export function isVendorRefusal(reply: RecordedReply): boolean {
  return reply.pattern !== null && [400, 413, 414, 422].includes(reply.status);
}

/** A 404 a vendor route answered: counted apart from refusals (see `isVendorRefusal`). */
export function isVendorNotFound(reply: RecordedReply): boolean {
  return reply.pattern !== null && reply.status === 404;
}

/** A refusal as a report line: vendor, route, status and the first words of what the vendor said. */
export function describeRefusal(reply: RecordedReply): string {
  return `${reply.vendor} ${reply.method} ${reply.pattern ?? reply.path} -> ${reply.status}: ${JSON.stringify(reply.body).slice(0, 200)}`;
}
