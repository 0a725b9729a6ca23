import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether `web/dist` must be built again before `--web build` serves it. A walk of the sources'
 * modification times is cheap (a few hundred files, no hashing) and catches what a person does
 * between two starts: an edit, a `git pull`, a branch switch (git writes the files it changes, so
 * their times move). A false "stale" costs one build; a false "fresh" serves pages built long ago.
 */

/** What the bundle is built from, relative to the repository root. */
export interface TWebSources {
  /** Folders walked whole (every file below them). */
  readonly folders: readonly string[];
  /** Single files (absent ones are skipped). */
  readonly files: readonly string[];
}

/** Folders and files whose change changes the bundle: the app, its page, its build config, the shared code it imports. */
export function webSources(repoRoot: string): TWebSources {
  const web = join(repoRoot, 'web');
  const configs = safeReaddir(web)
    .filter((name) => /^vite\.config\.[cm]?[jt]s$/.test(name))
    .map((name) => join(web, name));
  return {
    folders: [join(web, 'src'), join(web, 'public'), join(repoRoot, 'shared/src')],
    files: [join(web, 'index.html'), join(web, 'package.json'), ...configs],
  };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The file system reads the decision needs (tests pass a fake tree). */
export interface TFileTimes {
  /** Modification time in ms, or null when the path does not exist. */
  mtimeMs(path: string): number | null;
  /** The newest file below `dir` and its modification time in ms (null when empty or absent). */
  newestBelow(dir: string): { path: string; at: number } | null;
}

/** The real file system: a depth-first walk (symbolic links are not followed). */
export const diskFileTimes: TFileTimes = {
  mtimeMs(path) {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return null;
    }
  },
  newestBelow(dir) {
    let newest: { path: string; at: number } | null = null;
    const walk = (at: string): void => {
      let entries;
      try {
        entries = readdirSync(at, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const path = join(at, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.isFile()) {
          const at = statSync(path).mtimeMs;
          if (!newest || at > newest.at) newest = { path, at };
        }
      }
    };
    walk(dir);
    return newest;
  },
};

/** Why the bundle is (not) built again. */
export type TWebBuildDecision =
  | { readonly build: false }
  | { readonly build: true; readonly reason: 'missing' | 'stale'; readonly newestSource?: string };

/**
 * Decides from the build's `index.html` (written by every build) against the newest source: build
 * when it is missing or older than any source file.
 */
export function webBuildDecision(
  distIndex: string,
  sources: TWebSources,
  times: TFileTimes = diskFileTimes,
): TWebBuildDecision {
  const built = times.mtimeMs(distIndex);
  if (built === null) return { build: true, reason: 'missing' };
  const candidates: Array<{ path: string; at: number }> = [
    ...sources.folders.map((path) => times.newestBelow(path) ?? { path, at: 0 }),
    ...sources.files.map((path) => ({ path, at: times.mtimeMs(path) ?? 0 })),
  ];
  const newest = candidates.reduce((a, b) => (b.at > a.at ? b : a), { path: '', at: 0 });
  return newest.at > built ? { build: true, reason: 'stale', newestSource: newest.path } : { build: false };
}
