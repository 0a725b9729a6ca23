#!/usr/bin/env node
// `npm run layout`: the figures of the layout (issue 28), printed so a change to it can say what it
// moved. The longest functions outside tests, fixtures, seeds and generated files (ESLint's
// max-lines-per-function, counting every line of the function as the issue does), the imports
// between use cases, and the loose files at the root of each slice folder.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { specifiersOf } from './move-modules.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The line limit of a function (issue 28). */
export const FUNCTION_LINE_LIMIT = 150;

/** Code the limit does not hold: tests and their support, fixtures, seeds, generated files. */
export const NOT_HELD = [
  '**/*.test.{ts,tsx,mjs}',
  '**/*.type-test.ts',
  'test/**',
  '**/test-fixtures/**',
  '**/*.fixtures.ts',
  '**/test-fakes.ts',
  'cdk/local/seed/**',
  '**/*.seed.ts',
  '**/*.generated.ts',
];

const SOURCES = ['shared/src', 'lambdas/src', 'cdk/src', 'cdk/bin', 'cdk/local', 'web/src', 'web/build', 'hubspot/src'];

/** ESLint's `Function 'name' has too many lines (651). Maximum allowed is 150.` as what and lines. */
export function parseLongFunction(message) {
  const found = /^(.*) has too many lines \((\d+)\)/.exec(message);
  return found ? { name: found[1], lines: Number(found[2]) } : null;
}

/** Every function over `limit` lines in the held sources, longest first. */
async function longFunctions(limit) {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: ['**/node_modules/**', '**/dist/**', '**/*.d.ts', ...NOT_HELD] },
      {
        files: ['**/*.{ts,tsx,mjs,js}'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        rules: {
          'max-lines-per-function': ['warn', { max: limit, skipBlankLines: false, skipComments: false, IIFEs: true }],
        },
      },
    ],
  });
  const results = await eslint.lintFiles(SOURCES);
  return results
    .flatMap((result) =>
      result.messages
        .filter((m) => m.ruleId === 'max-lines-per-function')
        .map((m) => ({ ...parseLongFunction(m.message), file: `${relative(repoRoot, result.filePath)}:${m.line}` })),
    )
    .sort((a, b) => b.lines - a.lines);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return [path];
  });
}

const isUseCase = (file) => /\.use-case\.ts$/.test(file);

/** Imports from a use case file to another use case file. */
function useCaseImports() {
  const domain = join(repoRoot, 'lambdas/src/domain');
  return filesUnder(domain)
    .filter(isUseCase)
    .flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8'))
        .map((found) => found.specifier)
        .filter((spec) => spec.startsWith('.') && /\.use-case$/.test(spec))
        .map((spec) => `${relative(repoRoot, file)} -> ${spec}`),
    );
}

/** Source files (tests aside) at the root of a slice folder, not in a slice. */
function looseFiles(dir) {
  const root = join(repoRoot, dir);
  return readdirSync(root).filter((name) => {
    const path = join(root, name);
    return statSync(path).isFile() && /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name);
  });
}

const SLICE_ROOTS = ['shared/src', 'shared/src/common', 'lambdas/src/domain', 'web/src/features'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const long = await longFunctions(FUNCTION_LINE_LIMIT);
  console.log(`functions over ${FUNCTION_LINE_LIMIT} lines: ${long.length}`);
  for (const f of long.slice(0, 10)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  (${f.file})`);
  const imports = useCaseImports();
  console.log(`imports between use cases: ${imports.length} (${new Set(imports).size} importer-imported pairs)`);
  console.log('loose files at each slice root:');
  for (const dir of SLICE_ROOTS) console.log(`  ${String(looseFiles(dir).length).padStart(4)}  ${dir}`);
}
