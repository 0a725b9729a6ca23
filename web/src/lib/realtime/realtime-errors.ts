import type { TFieldErrors } from '@bidgrid/shared/api/envelope';

/**
 * Why a realtime call failed: the server refused or failed it (`server`, with its text), the
 * connection dropped while it ran, no connection could be made, the server went silent, the request
 * cannot fit the channel, the input was invalid (a bug of the calling screen), or the screen gave up.
 */
export type RealtimeErrorKind =
  'server' | 'connection-lost' | 'unavailable' | 'timeout' | 'too-large' | 'invalid-request' | 'aborted';

/** The texts a screen shows for failures that are not the server's own words (ours: the spec is silent). */
export const REALTIME_MESSAGES = {
  connectionLost: 'The connection to the server was lost before the answer came. Please try again.',
  unavailable: 'The server cannot be reached. Please check your connection and try again.',
  timeout: 'The server did not answer in time. Please try again.',
  tooLarge: 'This request is too large to send. Please send less at a time.',
  aborted: 'The request was cancelled.',
} as const;

/** A failed realtime call; `message` is the text a screen shows. */
export class RealtimeError extends Error {
  override readonly name = 'RealtimeError';

  constructor(
    message: string,
    readonly kind: RealtimeErrorKind,
    /** The refusal's status (HTTP-like) for `server` errors. */
    readonly status: number | null = null,
    readonly fieldErrors?: TFieldErrors,
  ) {
    super(message);
  }
}
