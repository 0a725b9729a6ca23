/**
 * `npm start` (through scripts/start.mjs) or `tsx cdk/local/main.ts [flags]`: starts the local stack
 * and keeps it running until Ctrl-C or SIGTERM, then stops every child and exits 0.
 *
 *   --data-dir DIR       data kept across restarts (default .data at the repo root)
 *   --ephemeral          fresh temporary data, in-memory DynamoDB, free ports
 *   --free-ports         free ports, the data kept in --data-dir (a second stack beside `npm start`)
 *   --web dev|build|none how to serve the SPA (default dev)
 *   --chat-widget-hubspot-portal-id ID
 *                        load HubSpot's live chat widget of that portal (default: no widget)
 *   --info-file F        write LocalStackInfo JSON to F once ready (removed on stop)
 *   --quiet              no request log
 *   --verbose            emulator output and handler debug logs
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '@bidgrid/shared/api/openapi/openapi-document';
import { parseFlags, USAGE, type LocalStackFlags } from './flags';
import { writeJsonAtomic } from './support/json-store';
import { describeError } from './support/logger';
import { killAllSync } from './support/processes';
import { startLocalStack, type LocalStack } from './stack';

/** The lines a person needs: where to go and how to sign in. */
function banner(stack: LocalStack): string {
  const signIns = stack.users.map(
    (u) => `${u.username} / ${u.password}${u.internal ? ' (allow-listed to create agencies)' : ''}`,
  );
  return [
    '',
    `BidGrid local stack ready in ${(stack.readyMs / 1000).toFixed(1)} s`,
    `  Web app:    ${stack.webUrl ?? '(not served: --web none)'}`,
    `  API:        ${stack.apiUrl}`,
    `  WebSocket:  ${stack.wsUrl}`,
    `  Reference:  ${stack.apiUrl}${API_REFERENCE_PATH} (OpenAPI: ${stack.apiUrl}${OPENAPI_DOCUMENT_PATH})`,
    ...(stack.runtimeConfig.chatWidget
      ? [`  Chat:       HubSpot portal ${stack.runtimeConfig.chatWidget.portalId}`]
      : []),
    `  Sign in:    ${signIns.join('\n              ')}`,
    `  Data:       ${stack.dataDir}`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let flags: LocalStackFlags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    console.error(describeError(error));
    process.exit(2);
  }
  if (flags.help) {
    console.log(USAGE);
    return;
  }

  // A handler's stray promise must not take the whole stack down; it is reported instead.
  process.on('unhandledRejection', (reason) => console.error(`Unhandled rejection: ${describeError(reason)}`));

  let stack: LocalStack | undefined;
  let stopping = false;
  const infoFile = flags['info-file'] ? resolve(flags['info-file']) : undefined;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl-C: stop waiting for a graceful stop.
      killAllSync();
      process.exit(130);
    }
    stopping = true;
    if (!flags.quiet) console.log(`\n${signal}: stopping the local stack...`);
    // Before the stack exists, exiting is enough: the 'exit' hook ends the child process groups.
    const done = stack ? stack.stop() : Promise.resolve();
    done
      .catch((error: unknown) => console.error(`Error while stopping: ${describeError(error)}`))
      .finally(() => {
        if (infoFile) rmSync(infoFile, { force: true });
        process.exit(0);
      });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    stack = await startLocalStack({
      dataDir: flags['data-dir'],
      ephemeral: flags.ephemeral,
      freePorts: flags['free-ports'],
      web: flags.web,
      chatWidget: flags.chatWidget,
      quiet: flags.quiet,
      verbose: flags.verbose,
    });
  } catch (error) {
    console.error(`The local stack did not start: ${describeError(error)}`);
    process.exit(1);
  }
  if (infoFile) {
    const { stop: _stop, runJob: _runJob, readyMs: _readyMs, runtimeConfig: _config, ...info } = stack;
    writeJsonAtomic(infoFile, info);
  }
  console.log(banner(stack));
}

await main();
