import { realtimeEvents } from '@bidgrid/shared/realtime/events';
import { wsDefaultHandler } from '../entry/ws';

/**
 * `$default`: every message API Gateway cannot route by `action` (not JSON, no or unknown action,
 * an event whose handler is still to come) gets an error reply on its connection instead of silence.
 */
export const handler = wsDefaultHandler(realtimeEvents);
