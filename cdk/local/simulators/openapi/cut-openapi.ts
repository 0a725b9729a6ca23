/**
 * Cuts the vendors' published OpenAPI documents down to the operations our simulators serve (and
 * every component those operations reference). Where the cut is on the machine, the tests hold our
 * committed `hubspot-openapi.ts` against it (`openapi-agreement.ts`) and each simulator reply
 * against it as well as against ours.
 *
 * Usage: `npx tsx cdk/local/simulators/openapi/cut-openapi.ts <HubSpot-public-api-spec-collection git dir> [out dir]`
 * (a clone or bare copy of github.com/HubSpot/HubSpot-public-api-spec-collection; the commit is read
 * from it and written into each fixture as `x-cut-from`). The output directory defaults to
 * `cdk/local/simulators/openapi/fixtures` (not committed: the vendors' documents are theirs; see
 * README.md beside this file). The Stripe description is made by `stripe-openapi.ts` from the
 * installed SDK instead.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HUBSPOT_SOURCES, type OpenApiSource } from './openapi-sources';

type Json = Record<string, unknown>;

/** Every `#/components/<kind>/<name>` reference in `value`, deeply. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/')) found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** The document with only `operations` and the components they reach, transitively. */
export function cutDocument(document: Json, source: OpenApiSource, origin: Json): Json {
  const paths = document['paths'] as Record<string, Record<string, unknown>>;
  const keptPaths: Record<string, Record<string, unknown>> = {};
  for (const [method, path] of source.operations) {
    const operation = paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${source.file}: ${method} ${path} is not in ${source.path}`);
    keptPaths[path] = { ...keptPaths[path], [method.toLowerCase()]: operation };
  }
  const components = (document['components'] ?? {}) as Record<string, Record<string, unknown>>;
  const keptComponents: Record<string, Record<string, unknown>> = {};
  const pending = [...refsIn(keptPaths, new Set())];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const ref = pending.pop() as string;
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [, , kind, name] = ref.split('/') as [string, string, string, string];
    const component = components[kind]?.[name];
    if (component === undefined) throw new Error(`${source.file}: ${ref} is not in ${source.path}`);
    keptComponents[kind] = { ...keptComponents[kind], [name]: component };
    pending.push(...refsIn(component, new Set()));
  }
  // A copy, so patches never reach the document it was cut from.
  const cut: Json = structuredClone({
    openapi: document['openapi'],
    info: document['info'],
    'x-cut-from': origin,
    ...(source.patches?.length ? { 'x-patched': source.patches } : {}),
    paths: keptPaths,
    components: keptComponents,
  });
  for (const patch of source.patches ?? []) setAt(cut, patch.at, patch.value, source.file);
  return cut;
}

/** Sets `value` at the JSON pointer `at`, whose parent must exist. */
function setAt(document: Json, at: string, value: unknown, file: string): void {
  const parts = at.split('/').slice(1);
  const last = parts.pop();
  let target: unknown = document;
  for (const part of parts) target = (target as Json | undefined)?.[part];
  if (typeof target !== 'object' || target === null || last === undefined) {
    throw new Error(`${file}: nothing to patch at ${at}`);
  }
  (target as Json)[last] = value;
}

function main(): void {
  const [gitDir, outArg] = process.argv.slice(2);
  if (!gitDir) throw new Error('Usage: cut-openapi.ts <HubSpot-public-api-spec-collection git dir> [out dir]');
  const out = resolve(outArg ?? join(import.meta.dirname, 'fixtures'));
  mkdirSync(out, { recursive: true });
  const git = (...args: string[]): string =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const commit = git('rev-parse', 'HEAD').trim();
  for (const source of HUBSPOT_SOURCES) {
    const document = JSON.parse(git('show', `${commit}:${source.path}`)) as Json;
    const origin = { repository: source.repository, commit, path: source.path };
    const cut = cutDocument(document, source, origin);
    writeFileSync(join(out, source.file), `${JSON.stringify(cut, null, 1)}\n`);
    console.log(`${source.file}: ${source.operations.length} operations from ${source.path}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
