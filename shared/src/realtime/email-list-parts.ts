import type { RealtimeParts } from './event';
import { packGroups } from './parts';

/**
 * Parts of a comma-separated e-mail list (the `retrievedContacts` payload, 001 §7): a big contact
 * list outgrows one message (128 KB is about 4,000 addresses), so the reply is cut between addresses
 * and put back with commas. An empty list is one empty part.
 */
export const emailListParts: RealtimeParts<never, string> = {
  splitPayload(payload, fits) {
    if (payload === '' || fits(payload)) return [payload];
    return packGroups(
      payload.split(',').map((email) => [email]),
      (emails) => emails.join(','),
      fits,
      { what: 'An e-mail address' },
    );
  },
  merge: (payloads) => payloads.filter((part) => part !== '').join(','),
};
