import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonStore } from './json-store';

const dirs: string[] = [];
const fileIn = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'json-store-'));
  dirs.push(dir);
  return join(dir, 'state.json');
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('JsonStore', () => {
  it('writes after every change by default', () => {
    // Prepare
    const file = fileIn();
    const store = new JsonStore<{ n: number }>(file, () => ({ n: 0 }));

    // Act
    store.update((s) => void (s.n = 1));

    // Assess
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 1 });
  });

  it('with write-behind, writes many changes once, and the last state on flush', () => {
    // Prepare
    const file = fileIn();
    const store = new JsonStore<{ n: number }>(file, () => ({ n: 0 }), { writeBehindMs: 60_000 });

    // Act
    for (let i = 1; i <= 1_000; i++) store.update((s) => void (s.n = i));
    const writtenBefore = existsSync(file);
    store.flush();

    // Assess
    expect(writtenBefore).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 1_000 });
    expect(new JsonStore<{ n: number }>(file, () => ({ n: 0 })).data.n).toBe(1_000);
  });

  it('with write-behind, writes by itself once the interval passed', async () => {
    // Prepare
    const file = fileIn();
    const store = new JsonStore<{ n: number }>(file, () => ({ n: 0 }), { writeBehindMs: 10 });

    // Act
    store.update((s) => void (s.n = 7));

    // Assess
    await expect.poll(() => (existsSync(file) ? readFileSync(file, 'utf8') : '')).toBe('{"n":7}');
  });
});
