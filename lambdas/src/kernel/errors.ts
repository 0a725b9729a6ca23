import { BUSY_ERROR, GENERIC_REQUEST_ERROR } from '@bidgrid/shared/api/envelope';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';

/** Stable machine codes of the typed errors (logged; the reply carries the user message). */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VENDOR_ERROR'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** Options shared by every typed error. */
export interface AppErrorOptions {
  /** What the log says; defaults to the user message. Never sent to the caller. */
  internalMessage?: string;
  /** The underlying error, logged with the stack. */
  cause?: unknown;
}

/**
 * Base of the errors a use case or adapter throws on purpose. The HTTP and WebSocket layers turn it
 * into a status and an envelope in one place; anything else that escapes is an unknown 500.
 * `message` (from Error) is the internal message; `userMessage` is what a 4xx reply says.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly userMessage: string;

  constructor(status: number, code: ErrorCode, userMessage: string, options: AppErrorOptions = {}) {
    super(options.internalMessage ?? userMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.userMessage = userMessage;
  }

  /** The text the reply's `error` carries: 5xx replies never reveal details (spec §8 generic text). */
  get publicMessage(): string {
    return this.status >= 500 ? GENERIC_REQUEST_ERROR : this.userMessage;
  }
}

/** 400: the request is malformed; `fieldErrors` maps dotted paths to messages for the form. */
export class BadRequestError extends AppError {
  readonly fieldErrors: TFieldErrors | undefined;

  constructor(userMessage: string, fieldErrors?: TFieldErrors, options?: AppErrorOptions) {
    super(400, 'BAD_REQUEST', userMessage, options);
    this.fieldErrors = fieldErrors;
  }
}

/** 401: no caller, or a token that is missing, invalid or expired. */
export class UnauthorizedError extends AppError {
  constructor(userMessage = 'Unauthorized', options?: AppErrorOptions) {
    super(401, 'UNAUTHORIZED', userMessage, options);
  }
}

/** 403: a known caller who may not do this (not allow-listed, no agency). */
export class ForbiddenError extends AppError {
  constructor(userMessage = 'You are not allowed to do this.', options?: AppErrorOptions) {
    super(403, 'FORBIDDEN', userMessage, options);
  }
}

/** 404: missing, or owned by another agency (keys are built from the caller's agency, so both look alike). */
export class NotFoundError extends AppError {
  constructor(userMessage = 'Not found.', options?: AppErrorOptions) {
    super(404, 'NOT_FOUND', userMessage, options);
  }
}

/** 409: a write refused by a condition (already exists, changed meanwhile). */
export class ConflictError extends AppError {
  constructor(userMessage: string, options?: AppErrorOptions) {
    super(409, 'CONFLICT', userMessage, options);
  }
}

/** 415: a body whose Content-Type the operation does not read (JSON operations, form uploads). */
export class UnsupportedMediaTypeError extends AppError {
  constructor(userMessage: string, options?: AppErrorOptions) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', userMessage, options);
  }
}

/** 502: a vendor (bidder, CRM, payments, company match, mail) failed; details stay in the log. */
export class VendorError extends AppError {
  readonly vendor: string;

  constructor(vendor: string, internalMessage: string, cause?: unknown) {
    super(502, 'VENDOR_ERROR', GENERIC_REQUEST_ERROR, { internalMessage: `${vendor}: ${internalMessage}`, cause });
    this.vendor = vendor;
  }
}

/**
 * A 5xx that tells the user what happened in the product's words and what to do ('the campaign was
 * not created... please try again'): the one kind of 5xx whose reply is not the generic text. Its
 * message is written for the user and names nothing internal (no vendor, route, table or status);
 * the cause and the internal message stay in the log.
 */
export class ToldServerError extends AppError {
  override get publicMessage(): string {
    return this.userMessage;
  }
}

/**
 * DynamoDB's refusals for a request rate above what a table or the account takes (the SDK retries
 * them first; these are what is left once its attempts are spent). Named, not imported: lib stays
 * free of the SDK.
 */
const THROTTLED = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);

/** True for DynamoDB's throttling refusal, or a transaction cancelled because one of its items was throttled. */
export function isThrottled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (THROTTLED.has(error.name)) return true;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  return error.name === 'TransactionCanceledException' && !!reasons?.some((r) => r.Code === 'ThrottlingError');
}

/** 500: our own bug or an unexpected state; details stay in the log. */
export class InternalError extends AppError {
  constructor(internalMessage: string, cause?: unknown) {
    super(500, 'INTERNAL', GENERIC_REQUEST_ERROR, { internalMessage, cause });
  }
}

/**
 * Any thrown value as a typed error: DynamoDB throttling left after the SDK's retries becomes a 503
 * telling the user to try again; anything else unknown a 500 that keeps the original as cause.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isThrottled(error)) {
    return new ToldServerError(503, 'UNAVAILABLE', BUSY_ERROR, {
      internalMessage: `DynamoDB throttled after the SDK's retries: ${(error as Error).name}`,
      cause: error,
    });
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : 'Non-error value thrown';
  return new InternalError(message, error);
}
