import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { LOCAL_REGION } from '../emulators/dynamodb';

/** The account id the local stack pretends to be (only ever appears in ARNs and request contexts). */
export const LOCAL_ACCOUNT_ID = '000000000000';

/**
 * A Lambda-like invocation context: what middy and the handlers read (request id, remaining time,
 * function name). `timeoutMs` is the function's timeout (29 s behind API Gateway).
 */
export function lambdaContext(functionName: string, timeoutMs: number, requestId: string = randomUUID()): Context {
  const deadline = performance.now() + timeoutMs;
  const fail = (): never => {
    throw new Error('Callback-style completion is not supported: return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${requestId.replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - performance.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}

/** A handler module's export: the middy-wrapped (or plain async) Lambda handler. */
export type LambdaHandler = (event: unknown, context: Context) => unknown;

const modules = new Map<string, Promise<LambdaHandler>>();

/**
 * Imports a handler file once and caches it (a warm Lambda). Handlers are TypeScript; the stack
 * runs under tsx (or vitest), which loads them directly. Restart the stack to pick up edits.
 */
export function loadHandler(file: string): Promise<LambdaHandler> {
  let loaded = modules.get(file);
  if (!loaded) {
    loaded = import(pathToFileURL(file).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${file} does not export a function named handler`);
      return mod.handler as LambdaHandler;
    });
    // A failed import (syntax error while someone edits the file) is retried on the next request.
    loaded.catch(() => modules.delete(file));
    modules.set(file, loaded);
  }
  return loaded;
}

/** Whether a handler file exists (checked on each request, so adding a file serves a new route). */
export const handlerExists = (file: string): boolean => existsSync(file);

/** Raised when an invocation runs longer than its timeout. */
export class InvocationTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Invocation timed out after ${timeoutMs} ms`);
    this.name = 'InvocationTimeoutError';
  }
}

/** Calls a handler with a timeout, as Lambda would (the handler's promise keeps running, unobserved). */
export async function invoke(
  handler: LambdaHandler,
  event: unknown,
  context: Context,
  timeoutMs: number,
): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InvocationTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => handler(event, context)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
