import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A JSON document kept in memory and, when `file` is set, written to disk after every change
 * (write to a temporary file, then rename, so a crash never leaves half a file). Simulators and
 * the stack's own state use it: small data, one writer, survives restarts.
 */
export class JsonStore<T extends object> {
  private value: T;

  constructor(
    private readonly file: string | undefined,
    initial: () => T,
  ) {
    this.value =
      file && existsSync(file) ? { ...initial(), ...(JSON.parse(readFileSync(file, 'utf8')) as T) } : initial();
  }

  /** The current document (mutate only through `update`). */
  get data(): Readonly<T> {
    return this.value;
  }

  /** Applies `change` to the document and persists it; returns what `change` returned. */
  update<R>(change: (draft: T) => R): R {
    const result = change(this.value);
    this.persist();
    return result;
  }

  private persist(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.value, null, 2));
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
