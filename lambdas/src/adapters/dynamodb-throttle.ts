import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-dynamodb';
import type { DeserializeHandlerOptions, DeserializeMiddleware } from '@smithy/types';
import * as z from '@bidgrid/shared/zod';
import { rawDdb } from './dynamodb';

/**
 * DynamoDB throttling as a fault the local stack injects (issue 16): a middleware in the DynamoDB
 * client's stack that refuses matching sends the way DynamoDB does when a table or the account is
 * over its rate (`ProvisionedThroughputExceededException`, `ThrottlingException`), before the request
 * leaves. It sits below the SDK's retry middleware (deserialize step), so the SDK retries it exactly
 * as it retries a real throttle: a few refusals are absorbed, a persistent one reaches the handler
 * (`toAppError` turns it into a 503 telling the user to try again).
 *
 * The local stack installs it on the handlers' client (`installThrottleFault`, the one client of its
 * process); the cloud's bundles never import this module. Disarmed it passes every send through.
 * `PUT /__local/dynamodb-throttle` on the local gateway arms it.
 */

/** Which sends are refused, and how. */
export const ZDynamoDbThrottlePlan = z
  .object({
    /** Command names (`GetItemCommand`, `TransactWriteItemsCommand`, ...); every command when left out. */
    commands: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z]+Command$/))).check(z.maxLength(20))),
    /**
     * Only sends whose input, as JSON, contains this text (a test's own id): the stack's background
     * jobs and other callers go through untouched.
     */
    inputContains: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    /** Refuse the first N matching sends, then let the rest through. */
    failFirst: z.optional(z.number().check(z.int(), z.gte(1), z.lte(10_000))),
    /** Refuse this fraction of matching sends (1: every one, until disarmed). */
    rate: z.optional(z.number().check(z.gte(0), z.lte(1))),
    /** The refusal's name: DynamoDB's per-table one (default) or the control plane's. */
    error: z.optional(z.enum(['ProvisionedThroughputExceededException', 'ThrottlingException'])),
  })
  .check(
    z.refine((plan) => (plan.failFirst === undefined) !== (plan.rate === undefined), {
      message: 'Give either failFirst or rate',
    }),
  );
export type TDynamoDbThrottlePlan = z.infer<typeof ZDynamoDbThrottlePlan>;

/** What the fault did since it was armed. */
export interface TDynamoDbThrottleReport {
  plan: TDynamoDbThrottlePlan | null;
  /** Sends refused. */
  refused: number;
  /** Matching sends let through (after `failFirst` ran out, or the draw of `rate`). */
  passed: number;
}

interface ThrottleState {
  plan: TDynamoDbThrottlePlan | null;
  left: number;
  refused: number;
  passed: number;
}

const state: ThrottleState = { plan: null, left: 0, refused: 0, passed: 0 };

/** Arms the fault with `plan`, or disarms it (null); the counts start again. */
export function setDynamoDbThrottle(plan: TDynamoDbThrottlePlan | null): TDynamoDbThrottleReport {
  state.plan = plan;
  state.left = plan?.failFirst ?? 0;
  state.refused = 0;
  state.passed = 0;
  return dynamoDbThrottleReport();
}

/** The armed plan and what it did. */
export function dynamoDbThrottleReport(): TDynamoDbThrottleReport {
  return { plan: state.plan, refused: state.refused, passed: state.passed };
}

/** The refusal DynamoDB answers (HTTP 400, retryable as throttling by the SDK). */
function throttled(name: NonNullable<TDynamoDbThrottlePlan['error']>, commandName: string): Error {
  const message = `Injected: the request rate of ${commandName} is over the table's throughput (local fault)`;
  const $metadata = { httpStatusCode: 400, requestId: 'local-throttle', attempts: 1, totalRetryDelay: 0 };
  if (name === 'ProvisionedThroughputExceededException') {
    return new ProvisionedThroughputExceededException({ message, $metadata });
  }
  // The SDK's throttling check knows this name; DynamoDB models no class for it.
  return Object.assign(new Error(message), { name, $fault: 'client', $metadata, $retryable: { throttling: true } });
}

/** Whether this send is refused now (and counts it). */
function refuses(commandName: string, input: unknown, random: () => number): boolean {
  const { plan } = state;
  if (!plan) return false;
  if (plan.commands && !plan.commands.includes(commandName)) return false;
  if (plan.inputContains !== undefined && !JSON.stringify(input ?? null).includes(plan.inputContains)) return false;
  const refuse = plan.failFirst !== undefined ? state.left > 0 : random() < (plan.rate ?? 0);
  if (refuse) {
    if (plan.failFirst !== undefined) state.left--;
    state.refused++;
  } else {
    state.passed++;
  }
  return refuse;
}

/** The middleware: below the retry middleware, so every attempt is a send it may refuse. */
export function throttleMiddleware(
  random: () => number = Math.random,
): DeserializeMiddleware<ServiceInputTypes, ServiceOutputTypes> {
  return (next, context) => async (args) => {
    const commandName = context.commandName ?? 'UnknownCommand';
    if (refuses(commandName, args.input, random)) {
      throw throttled(state.plan?.error ?? 'ProvisionedThroughputExceededException', commandName);
    }
    return next(args);
  };
}

const MIDDLEWARE_OPTIONS: DeserializeHandlerOptions = {
  step: 'deserialize',
  name: 'bidgridThrottleFault',
};

/** Puts the fault in `client`'s middleware stack (the document client shares it). */
export function addThrottleFault(client: DynamoDBClient, random?: () => number): void {
  client.middlewareStack.add(throttleMiddleware(random), MIDDLEWARE_OPTIONS);
}

/**
 * Puts the fault, disarmed, in the one DynamoDB client of this process (`rawDdb`, which the document
 * client wraps): the local stack calls it once the handlers' environment is set.
 */
export function installThrottleFault(): void {
  addThrottleFault(rawDdb());
}
