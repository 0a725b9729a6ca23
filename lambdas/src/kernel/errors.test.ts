import '../test-env';
import { describe, expect, it } from 'vitest';
import { BUSY_ERROR, GENERIC_REQUEST_ERROR } from '@bidgrid/shared/api/envelope';
import {
  AppError,
  BadRequestError,
  ConflictError,
  InternalError,
  NotFoundError,
  ToldServerError,
  VendorError,
  toAppError,
} from './errors';

describe('typed errors', () => {
  it('carry status, code, internal and user messages; 5xx show only the generic text', () => {
    // Act
    const notFound = new NotFoundError('Agency not found.', { internalMessage: 'AGENCY#x missing' });
    const vendor = new VendorError('bidder', 'HTTP 503', new Error('socket hang up'));
    const badRequest = new BadRequestError('Invalid request. name: Required field.', { name: ['Required field.'] });

    // Assess
    expect([notFound.status, notFound.code, notFound.message, notFound.publicMessage]).toEqual([
      404,
      'NOT_FOUND',
      'AGENCY#x missing',
      'Agency not found.',
    ]);
    expect([vendor.status, vendor.message, vendor.publicMessage]).toEqual([
      502,
      'bidder: HTTP 503',
      GENERIC_REQUEST_ERROR,
    ]);
    expect(vendor.cause).toBeInstanceOf(Error);
    expect(badRequest.fieldErrors).toEqual({ name: ['Required field.'] });
    expect(new ConflictError('This agency already exists.').name).toBe('ConflictError');
  });

  it('toAppError keeps typed errors and wraps anything else as a 500 with the cause', () => {
    // Prepare
    const conflict = new ConflictError('x');
    const unknown = new TypeError('cannot read properties of undefined');

    // Act
    const kept = toAppError(conflict);
    const wrapped = toAppError(unknown);

    // Assess
    expect(kept).toBe(conflict);
    expect(wrapped).toBeInstanceOf(InternalError);
    expect(wrapped).toBeInstanceOf(AppError);
    expect(wrapped.message).toBe('TypeError: cannot read properties of undefined');
    expect(wrapped.cause).toBe(unknown);
    expect(wrapped.publicMessage).toBe(GENERIC_REQUEST_ERROR);
  });

  it('a ToldServerError says its own words; DynamoDB throttling left after retries is a 503 to try again, also inside a transaction', () => {
    // Prepare
    const told = new ToldServerError(502, 'VENDOR_ERROR', 'Nothing was made. Please try again.', {
      internalMessage: 'bidder: POST /rest/v2/campaigns answered 503',
    });
    const throttled = Object.assign(new Error('rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    const cancelled = Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
    });
    const conditionFailed = Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });

    // Act
    const answers = [throttled, cancelled, conditionFailed].map((e) => toAppError(e));

    // Assess
    expect([told.status, told.publicMessage, told.message]).toEqual([
      502,
      'Nothing was made. Please try again.',
      'bidder: POST /rest/v2/campaigns answered 503',
    ]);
    expect(answers.map((a) => [a.status, a.publicMessage])).toEqual([
      [503, BUSY_ERROR],
      [503, BUSY_ERROR],
      [500, GENERIC_REQUEST_ERROR],
    ]);
  });
});
