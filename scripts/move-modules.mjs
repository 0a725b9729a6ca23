#!/usr/bin/env node
// Moves modules and rewrites every import of them, in the style each import was written in
// (relative stays relative, `@bidgrid/<package>/...` and web's `@/...` stay so), plus the imports
// of the moved files themselves and the repo-relative paths that name them in comments and docs.
// For moves that change no behaviour (issue 28's layout); the type check and lint say whether any
// import was missed.
//
//   node scripts/move-modules.mjs lambdas/src/kernel/errors.ts=lambdas/src/kernel/errors.ts [...]
//   node scripts/move-modules.mjs --dry-run lambdas/src/lib=lambdas/src/kernel
//
// A folder moves with everything in it. Test files beside a moved module move with it when their
// name is the module's (`x.ts` takes `x.test.ts`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Workspace import prefixes and the folders they name (their package.json `exports`). */
export const PACKAGE_ROOTS = [
  ['@bidgrid/lambdas/', 'lambdas/src/'],
  ['@bidgrid/shared/', 'shared/src/'],
  ['@bidgrid/local/', 'cdk/local/'],
  ['@bidgrid/cdk/src/', 'cdk/src/'],
];
/** web's alias, valid inside web only. */
const WEB_ALIAS = ['@/', 'web/src/'];

const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** Every module specifier in a source, with where it stands: static, type-only, re-export, `import()`, `vi.mock()`. */
export function specifiersOf(source) {
  const found = [];
  const pattern =
    /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bvi\.importActual(?:<[^>]*>)?\(\s*)(['"])([^'"\n]+)\2/g;
  for (const m of source.matchAll(pattern)) {
    found.push({ index: m.index + m[1].length + 1, specifier: m[3] });
  }
  return found;
}

/** The repo path a specifier of `fromFile` names (without extension resolution), or null for a package. */
export function specifierPath(fromFile, specifier) {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  for (const [prefix, folder] of PACKAGE_ROOTS) {
    if (specifier.startsWith(prefix)) return folder + specifier.slice(prefix.length);
  }
  if (fromFile.startsWith('web/') && specifier.startsWith(WEB_ALIAS[0])) {
    return WEB_ALIAS[1] + specifier.slice(WEB_ALIAS[0].length);
  }
  return null;
}

/** The file a path names, trying the extensions module resolution tries, among `files`. */
export function resolveFile(path, files) {
  if (files.has(path)) return path;
  for (const ext of EXTENSIONS) if (files.has(path + ext)) return path + ext;
  return null;
}

/** A module path without its extension, as an import names it. */
const bare = (path) => path.replace(/(\/index)?\.(tsx?|mjs|js)$/, '');

/** The extension part of `written` that `resolved` added (`.ts` dropped, `/index.ts`...). */
function writtenSuffix(writtenPath, resolved) {
  return resolved.slice(writtenPath.length);
}

/** A specifier for `target` (a repo path without the suffix resolution added) from `fromFile`, in the style of `old`. */
export function specifierFor(fromFile, target, old) {
  if (old.startsWith('.')) {
    let rel = posix.relative(posix.dirname(fromFile), target);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel;
  }
  for (const [prefix, folder] of PACKAGE_ROOTS) {
    if (old.startsWith(prefix)) {
      if (!target.startsWith(folder))
        throw new Error(`${target} left ${folder}: rewrite ${old} in ${fromFile} by hand`);
      return prefix + target.slice(folder.length);
    }
  }
  if (old.startsWith(WEB_ALIAS[0])) return WEB_ALIAS[0] + target.slice(WEB_ALIAS[1].length);
  throw new Error(`no style for ${old}`);
}

/**
 * The new text of `file` (at `newFile` after the moves) with every specifier that names a moved file,
 * or that is relative while the file itself moves, rewritten. `moved` maps old repo paths to new.
 */
export function rewriteSource(source, file, newFile, moved, files) {
  let out = '';
  let last = 0;
  for (const { index, specifier } of specifiersOf(source)) {
    const path = specifierPath(file, specifier);
    if (path === null) continue;
    const resolved = resolveFile(path, files);
    if (resolved === null) continue;
    const target = moved.get(resolved) ?? resolved;
    if (target === resolved && newFile === file) continue;
    const suffix = writtenSuffix(path, resolved);
    // `./x` written for `x.ts` (or `x/index.ts`): the new name without what the resolution added.
    let targetWritten = target;
    if (suffix) targetWritten = target.endsWith(suffix) ? target.slice(0, -suffix.length) : bare(target);
    const next = specifierFor(newFile, targetWritten, specifier);
    if (next === specifier) continue;
    out += source.slice(last, index) + next;
    last = index + specifier.length;
  }
  return out + source.slice(last);
}

function trackedFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => f && existsSync(join(repoRoot, f)));
}

/** The file moves a list of `from=to` arguments asks for (folders expanded, tests taken along). */
export function planMoves(pairs, files) {
  const moves = new Map();
  for (const [from, to] of pairs) {
    const prefix = from.endsWith('/') ? from : `${from}/`;
    const inFolder = files.filter((f) => f.startsWith(prefix));
    if (inFolder.length > 0) {
      for (const f of inFolder) moves.set(f, to.replace(/\/$/, '') + '/' + f.slice(prefix.length));
      continue;
    }
    if (!files.includes(from)) throw new Error(`${from}: no such file or folder`);
    moves.set(from, to);
    const stem = from.replace(/\.(tsx?|mjs)$/, '');
    const toStem = to.replace(/\.(tsx?|mjs)$/, '');
    for (const f of files) {
      const rest = f.startsWith(`${stem}.`) ? f.slice(stem.length) : null;
      if (rest && f !== from && /^\.(test|node\.test|type-test)\.tsx?$/.test(rest)) moves.set(f, toStem + rest);
    }
  }
  return moves;
}

const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/;
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|json|sh|yml|yaml|html|css)$/;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const pairs = args.filter((a) => a !== '--dry-run').map((a) => a.split('='));
  if (pairs.length === 0 || pairs.some((p) => p.length !== 2)) {
    console.error('usage: node scripts/move-modules.mjs [--dry-run] from=to [...]');
    process.exit(2);
  }
  const files = trackedFiles();
  const fileSet = new Set(files);
  const moves = planMoves(pairs, files);
  const changed = [];
  for (const file of files.filter((f) => TEXT.test(f) && statSync(join(repoRoot, f)).isFile())) {
    const source = readFileSync(join(repoRoot, file), 'utf8');
    const newFile = moves.get(file) ?? file;
    let next = SOURCE.test(file) ? rewriteSource(source, file, newFile, moves, fileSet) : source;
    // Repo-relative mentions in comments and docs (`lambdas/src/entry/http.ts`).
    for (const [from, to] of moves) next = next.split(from).join(to);
    if (next !== source) {
      changed.push(file);
      if (!dryRun) writeFileSync(join(repoRoot, file), next);
    }
  }
  for (const [from, to] of moves) {
    console.log(`${dryRun ? 'would move' : 'moved'} ${from} -> ${to}`);
    if (dryRun) continue;
    mkdirSync(dirname(join(repoRoot, to)), { recursive: true });
    try {
      execFileSync('git', ['mv', from, to], { cwd: repoRoot, stdio: 'ignore' });
    } catch {
      renameSync(join(repoRoot, from), join(repoRoot, to));
    }
  }
  console.log(
    `${changed.length} files ${dryRun ? 'would change' : 'changed'}: ${changed.map((f) => relative('.', f)).join(', ')}`,
  );
}
