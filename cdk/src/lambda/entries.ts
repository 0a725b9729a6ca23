import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kebabName } from '@bidgrid/shared/api/operation';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import { ENTRY_FILE_SUFFIX as SUFFIX, type EntryKind } from '@bidgrid/lambdas/manifest';

/** The repository root (this file is `cdk/src/lambda/entries.ts`). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the handler sources live. */
export const LAMBDAS_SRC = join(REPO_ROOT, 'lambdas', 'src');

/** One Lambda entry file and where its bundle goes. */
export interface LambdaEntry {
  readonly kind: EntryKind;
  /** File name without its role suffix, e.g. `get-health` or `connect`. */
  readonly name: string;
  /** Absolute path of the TypeScript source. */
  readonly file: string;
  /** Bundle folder relative to the bundle root, e.g. `http/get-health` (holds `index.mjs`). */
  readonly outName: string;
}

function entry(kind: EntryKind, fileName: string, root: string): LambdaEntry {
  const name = fileName.slice(0, -SUFFIX[kind].length);
  return { kind, name, file: join(root, kind, fileName), outName: `${kind}/${name}` };
}

/**
 * The entry of a file when it exists. Operations and events without a handler file yet have none:
 * the stacks then give them a "not implemented" route (REST) or no route (WebSocket), so adding
 * the file is all it takes for the next deploy to serve them.
 */
function existing(kind: EntryKind, fileName: string, root: string): LambdaEntry | undefined {
  return existsSync(join(root, kind, fileName)) ? entry(kind, fileName, root) : undefined;
}

/** `lambdas/src/http/<kebab(name)>.handler.ts` of an operation, when it exists. */
export const operationEntry = (op: AnyOperation, root = LAMBDAS_SRC): LambdaEntry | undefined =>
  existing('http', `${kebabName(op.name)}.handler.ts`, root);

/** `lambdas/src/ws/<kebab(name)>.handler.ts` of a realtime event, when it exists. */
export const realtimeEntry = (event: RealtimeEventDef, root = LAMBDAS_SRC): LambdaEntry | undefined =>
  existing('ws', `${kebabName(event.name)}.handler.ts`, root);

/** The WebSocket `$default` handler (`ws/default.handler.ts`), when it exists. */
export const defaultRouteEntry = (root = LAMBDAS_SRC): LambdaEntry | undefined =>
  existing('ws', 'default.handler.ts', root);

/** A WebSocket lifecycle handler (`connect`, `disconnect`); these must exist. */
export function lifecycleEntry(name: 'connect' | 'disconnect', root = LAMBDAS_SRC): LambdaEntry {
  const found = existing('ws', `${name}.handler.ts`, root);
  if (!found) throw new Error(`Missing lambdas/src/ws/${name}.handler.ts`);
  return found;
}

/** A job file named by `lambdas/src/jobs/schedules.ts` (or the deploy-time seed); it must exist. */
export function jobEntry(handlerFile: string, root = LAMBDAS_SRC): LambdaEntry {
  if (!handlerFile.endsWith(SUFFIX.jobs)) throw new Error(`Job file ${handlerFile} must end with ${SUFFIX.jobs}`);
  const found = existing('jobs', handlerFile, root);
  if (!found) throw new Error(`Missing lambdas/src/jobs/${handlerFile}`);
  return found;
}

/** A user pool trigger file named by `lambdas/src/triggers/user-pool-triggers.ts`; it must exist. */
export function triggerEntry(handlerFile: string, root = LAMBDAS_SRC): LambdaEntry {
  if (!handlerFile.endsWith(SUFFIX.triggers)) {
    throw new Error(`Trigger file ${handlerFile} must end with ${SUFFIX.triggers}`);
  }
  const found = existing('triggers', handlerFile, root);
  if (!found) throw new Error(`Missing lambdas/src/triggers/${handlerFile}`);
  return found;
}

/**
 * Every entry file on disk (tests excluded), so one esbuild pass can bundle all of them whatever
 * subset a synth needs.
 */
export function allEntries(root = LAMBDAS_SRC): LambdaEntry[] {
  return (Object.keys(SUFFIX) as EntryKind[]).flatMap((kind) => {
    const dir = join(root, kind);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith(SUFFIX[kind]) && !f.endsWith('.test.ts'))
      .sort()
      .map((f) => entry(kind, f, root));
  });
}
