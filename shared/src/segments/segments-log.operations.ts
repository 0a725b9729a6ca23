import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { ZSegmentsLogEntry } from '../billing/billing.schema';
import { jsonStringOr, ZUsernameBody } from '../api/payload';

export const listSegmentsLogs = defineOperation({
  name: 'listSegmentsLogs',
  method: 'POST',
  path: '/api/segmentsLogs/all',
  auth: 'user',
  body: ZUsernameBody,
  response: jsonStringOr(z.array(ZSegmentsLogEntry)),
  // Entries are small (a subdomain, its domains, a segment, a date: about 200 bytes) and many (every match
  // of every campaign), so the pages are larger than most.
  paged: { defaultLimit: 250, maxLimit: 1000 },
  summary:
    'Company-matching segments logs, newest first, one page at a time, for internal staff only (allow-listed users; others get 403). The payload is a JSON string as the spec says (the schema also takes the array); the body username is ignored, the caller comes from the token.',
  specRef: '000 §7',
});
