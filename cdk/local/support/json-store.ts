import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A JSON document kept in memory and, when `file` is set, written to disk after every change
 * (write to a temporary file, then rename, so a crash never leaves half a file). Simulators and
 * the stack's own state use it: small data, one writer, survives restarts.
 *
 * With `writeBehindMs`, changes are written at most that often (and when the process exits), for a
 * document that grows big (the bidder's 25,000 line items): writing megabytes after every call made
 * a big campaign quadratic. A process killed outright loses the changes of its last interval, as
 * if those calls had never reached the vendor.
 */
export class JsonStore<T extends object> {
  private value: T;
  private pending: NodeJS.Timeout | undefined;
  private readonly writeBehindMs: number;

  constructor(
    private readonly file: string | undefined,
    initial: () => T,
    options: { writeBehindMs?: number } = {},
  ) {
    this.value =
      file && existsSync(file) ? { ...initial(), ...(JSON.parse(readFileSync(file, 'utf8')) as T) } : initial();
    this.writeBehindMs = options.writeBehindMs ?? 0;
    if (file && this.writeBehindMs > 0) process.once('exit', () => this.flush());
  }

  /** The current document (mutate only through `update`). */
  get data(): Readonly<T> {
    return this.value;
  }

  /** Applies `change` to the document and persists it; returns what `change` returned. */
  update<R>(change: (draft: T) => R): R {
    const result = change(this.value);
    if (this.writeBehindMs > 0 && this.file) {
      this.pending ??= setTimeout(() => this.flush(), this.writeBehindMs).unref();
    } else {
      this.persist();
    }
    return result;
  }

  /** Writes a change still waiting for its write-behind interval now. */
  flush(): void {
    if (this.pending === undefined) return;
    clearTimeout(this.pending);
    this.pending = undefined;
    this.persist();
  }

  private persist(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    // A big document is written compact: indenting it doubles the bytes and the time.
    writeFileSync(tmp, this.writeBehindMs > 0 ? JSON.stringify(this.value) : JSON.stringify(this.value, null, 2));
    renameSync(tmp, this.file);
  }
}

/** Writes a JSON file atomically (readers polling for it never see a partial file). */
export function writeJsonAtomic(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}

/** A copy of `record` without `key` (records in stores are replaced, not mutated key by key). */
export function omitKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}
