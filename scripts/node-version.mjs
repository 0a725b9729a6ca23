/**
 * The Node.js check `npm start` and `npm test` run first: BidGrid needs the Node that package.json's
 * `engines.node` names (Lambda runs 24; 22 works). On an older Node this prints what to do and exits,
 * before any code that needs a newer Node fails with a stack trace. Written for any Node (no newer
 * syntax or APIs), since its whole job is to run on the wrong one.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `[major, minor, patch]` of a version such as `v24.22.3` or `22.22.2`. */
function parts(version) {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

function atLeast(version, floor) {
  const a = parts(version);
  const b = parts(floor);
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return a[i] > b[i];
  }
  return true;
}

/**
 * Whether `version` satisfies `range`, in the two forms `engines.node` uses: alternatives joined by
 * `||`, each `^X.Y.Z` (that major, at least X.Y.Z) or `>=X.Y.Z`.
 * @param {string} version
 * @param {string} range
 */
export function satisfies(version, range) {
  return range.split('||').some((alternative) => {
    const term = alternative.trim();
    if (term.startsWith('^')) return parts(version)[0] === parts(term.slice(1))[0] && atLeast(version, term.slice(1));
    if (term.startsWith('>=')) return atLeast(version, term.slice(2));
    throw new Error(`engines.node: cannot read '${term}' (use ^X.Y.Z or >=X.Y.Z)`);
  });
}

/** The message for a Node outside the range, or undefined when it is inside. */
export function nodeVersionProblem(version, range, command) {
  if (satisfies(version, range)) return undefined;
  return [
    `${command} needs Node.js ${range.replace(/\s*\|\|\s*/g, ' or ').replace(/\^/g, '')} (Node 24 LTS, as Lambda runs); this is Node ${version}.`,
    '  Install Node 24 (nvm: `nvm install`, which reads .nvmrc), or put one from the npm registry on PATH:',
    '    source scripts/use-node.sh',
  ].join('\n');
}

/** Exits with the message when this process's Node is outside `engines.node`. */
export function ensureNodeVersion(command) {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const problem = nodeVersionProblem(process.version, range, command);
  if (problem === undefined) return;
  console.error(problem);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureNodeVersion(process.argv[2] || 'BidGrid');
