import { BadRequestError } from './errors';

/** What a caller reads when a page cursor is not one of this list's (tampered, another agency's or list's). */
export const INVALID_CURSOR_MESSAGE = 'This page cursor is not valid for this list. Start again from the first page.';

/**
 * The 400 of a cursor the server did not issue for this list and caller: forged, altered, expired with
 * its key, minted for another agency or another list. Never a 500, never another list's data.
 */
export function invalidCursor(internalMessage: string): BadRequestError {
  return new BadRequestError(INVALID_CURSOR_MESSAGE, { cursor: [INVALID_CURSOR_MESSAGE] }, { internalMessage });
}
