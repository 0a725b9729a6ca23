import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { ZIsoDateTime } from '../common/common.schema';

export const getHealth = defineOperation({
  name: 'getHealth',
  method: 'GET',
  path: '/public/health',
  auth: 'public',
  response: z.object({ status: z.literal('ok'), time: ZIsoDateTime }),
  summary: 'Liveness (ours): answers without touching any store or vendor, and never reveals configuration.',
  specRef: 'ours',
});
