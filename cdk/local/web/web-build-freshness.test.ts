import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskFileTimes, webBuildDecision, webSources } from './web-build-freshness';

/** A repository on disk with web sources, shared sources and (optionally) a build, each at a chosen time. */
function makeRepo(): { root: string; touch: (path: string, atSeconds: number) => string } {
  const root = mkdtempSync(join(tmpdir(), 'web-freshness-'));
  const touch = (path: string, atSeconds: number): string => {
    const file = join(root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, path);
    utimesSync(file, atSeconds, atSeconds);
    return file;
  };
  return { root, touch };
}

const made: string[] = [];
afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Sources built at t=1000 s, the build written at t=2000 s. */
function builtRepo() {
  const repo = makeRepo();
  made.push(repo.root);
  repo.touch('web/src/app/main.tsx', 1000);
  repo.touch('web/src/features/wizard/deep/step.tsx', 1000);
  repo.touch('web/index.html', 1000);
  repo.touch('web/vite.config.ts', 1000);
  repo.touch('shared/src/constants.ts', 1000);
  const index = repo.touch('web/dist/index.html', 2000);
  return { ...repo, index };
}

describe('webBuildDecision', () => {
  it('serves the build as it is when every source is older than it', () => {
    // Prepare
    const { root, index } = builtRepo();

    // Act
    const decision = webBuildDecision(index, webSources(root));

    // Assess
    expect(decision).toEqual({ build: false });
  });

  it('builds when the build is missing', () => {
    // Prepare
    const { root } = builtRepo();

    // Act
    const decision = webBuildDecision(join(root, 'web/dist/missing.html'), webSources(root));

    // Assess
    expect(decision).toEqual({ build: true, reason: 'missing' });
  });

  it.each([
    ['a file deep under web/src', 'web/src/features/wizard/deep/step.tsx'],
    ['web/index.html', 'web/index.html'],
    ['the vite config', 'web/vite.config.ts'],
    ['shared/src', 'shared/src/constants.ts'],
    ['a new file under web/src', 'web/src/features/new-thing.tsx'],
  ])('builds again when %s is newer than the build, naming the newest source', (_what, path) => {
    // Prepare
    const { root, index, touch } = builtRepo();
    touch(path, 3000);

    // Act
    const decision = webBuildDecision(index, webSources(root));

    // Assess
    expect(decision).toMatchObject({ build: true, reason: 'stale' });
    expect(decision.build && decision.newestSource).toBe(join(root, path));
  });

  it('ignores files outside the sources (tests, docs, the build itself)', () => {
    // Prepare
    const { root, index, touch } = builtRepo();
    touch('web/README.md', 3000);
    touch('lambdas/src/http/x.handler.ts', 3000);
    touch('web/dist/assets/index-abc.js', 3000);

    // Act
    const decision = webBuildDecision(index, webSources(root));

    // Assess
    expect(decision).toEqual({ build: false });
  });

  it('reads times through the given file reads (newest below each folder, each file)', () => {
    // Prepare: a fake tree, no disk.
    const times = {
      mtimeMs: (path: string) => ({ '/r/web/dist/index.html': 50, '/r/web/index.html': 10 })[path] ?? null,
      newestBelow: (dir: string) =>
        ({
          '/r/web/src': { path: '/r/web/src/a.tsx', at: 40 },
          '/r/shared/src': { path: '/r/shared/src/b.ts', at: 60 },
        })[dir] ?? null,
    };

    // Act
    const decision = webBuildDecision(
      '/r/web/dist/index.html',
      { folders: ['/r/web/src', '/r/shared/src'], files: ['/r/web/index.html'] },
      times,
    );

    // Assess
    expect(decision).toEqual({ build: true, reason: 'stale', newestSource: '/r/shared/src/b.ts' });
    expect(diskFileTimes.mtimeMs('/no/such/file')).toBeNull();
    expect(diskFileTimes.newestBelow('/no/such/dir')).toBeNull();
  });
});
