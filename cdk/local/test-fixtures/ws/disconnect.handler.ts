import { recordWsEvent } from './recorder';

/** Test fixture: records the `$disconnect` event. */
export async function handler(event: { requestContext: Record<string, unknown> }): Promise<{ statusCode: number }> {
  recordWsEvent(event.requestContext);
  return { statusCode: 200 };
}
