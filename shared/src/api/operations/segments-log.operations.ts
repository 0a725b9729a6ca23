import * as z from 'zod';
import { defineOperation } from '../operation';
import { ZSegmentsLogEntry } from '../../entities/billing.schema';
import { jsonStringOr, ZUsernameBody } from './payload';

export const listSegmentsLogs = defineOperation({
  name: 'listSegmentsLogs',
  method: 'POST',
  path: '/api/segmentsLogs/all',
  auth: 'user',
  body: ZUsernameBody,
  response: jsonStringOr(z.array(ZSegmentsLogEntry)),
  summary:
    'Company-matching segments logs, newest first, for internal staff only (allow-listed users; others get 403). The payload is a JSON string as the spec says (the schema also takes the array); the body username is ignored, the caller comes from the token.',
  specRef: '000 §7',
});
