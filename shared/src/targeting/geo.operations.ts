import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { ZGeoOption } from './geo-option.schema';

export const listGeoOptions = defineOperation({
  name: 'listGeoOptions',
  method: 'GET',
  path: '/api/geo/options',
  auth: 'user',
  response: z.array(ZGeoOption),
  summary: 'The regions of the State/Province step (United States and Canada).',
  specRef: '001 §7',
});
