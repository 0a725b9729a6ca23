import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from '../support/http';
import type { Logger } from '../support/logger';
import { invoke, InvocationTimeoutError, lambdaContext, loadHandler } from './lambda-context';

/** The Lambda Invoke API's path: `POST /2015-03-31/functions/{name}/invocations`. */
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/?]+)\/invocations(?:\?.*)?$/;

/** Cognito waits 5 seconds for a trigger; so does the local endpoint. */
export const TRIGGER_TIMEOUT_MS = 5_000;

export interface LambdaInvokeOptions {
  /** Function name -> handler file (absolute path) exporting `handler`. */
  readonly functions: ReadonlyMap<string, string>;
  /** Invocations wait for this (the stack sets the handlers' environment first). */
  readonly ready: Promise<void>;
  readonly logger: Logger;
  readonly timeoutMs?: number;
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

/**
 * The part of the Lambda Invoke API that cognito-local calls for its triggers (TOOLCHAIN.md: its
 * `LambdaClient.endpoint`), serving the same handler modules the cloud deploys, in-process. Like
 * Lambda, a handler that throws answers 200 with `X-Amz-Function-Error: Unhandled` and
 * `{errorType, errorMessage}`; cognito-local then refuses the call with the message, as Cognito does.
 */
export function createLambdaInvokeServer(options: LambdaInvokeOptions): Server {
  const timeoutMs = options.timeoutMs ?? TRIGGER_TIMEOUT_MS;
  return createServer((req, res) => {
    serve(req, res, options, timeoutMs).catch((error: unknown) => {
      options.logger.error(`lambda endpoint ${req.method} ${req.url} failed`, error);
      if (!res.headersSent) reply(res, 500, { message: 'Internal error' }, { 'x-amzn-errortype': 'ServiceException' });
    });
  });
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  options: LambdaInvokeOptions,
  timeoutMs: number,
): Promise<void> {
  const match = INVOKE_PATH.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    return reply(res, 404, { message: 'Unknown operation' }, { 'x-amzn-errortype': 'UnknownOperationException' });
  }
  const name = decodeURIComponent(match[1] as string);
  const file = options.functions.get(name);
  if (!file) {
    return reply(
      res,
      404,
      { Type: 'User', message: `Function not found: ${name}` },
      { 'x-amzn-errortype': 'ResourceNotFoundException' },
    );
  }
  const body = await readBody(req, 6 * 1024 * 1024);
  let event: unknown;
  try {
    event = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    return reply(
      res,
      400,
      { Type: 'User', message: 'Could not parse request body into json' },
      { 'x-amzn-errortype': 'InvalidRequestContentException' },
    );
  }
  await options.ready;
  const requestId = randomUUID();
  try {
    const handler = await loadHandler(file);
    const result = await invoke(handler, event, lambdaContext(name, timeoutMs, requestId), timeoutMs);
    reply(res, 200, result, { 'x-amz-executed-version': '$LATEST' });
  } catch (error) {
    const failure =
      error instanceof InvocationTimeoutError
        ? { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${timeoutMs / 1000} seconds` }
        : {
            errorType: error instanceof Error ? error.name : 'Error',
            errorMessage: error instanceof Error ? error.message : String(error),
          };
    options.logger.debug(`${name} failed: ${failure.errorMessage}`);
    reply(
      res,
      200,
      { ...failure, trace: [] },
      {
        'x-amz-function-error': 'Unhandled',
        'x-amz-executed-version': '$LATEST',
      },
    );
  }
}
