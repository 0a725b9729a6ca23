import { replyToSender, type FixtureWsEvent } from './reply';

/**
 * Test fixture: the `$default` route replies through the management API with what it received, so a
 * test sees which messages API Gateway would send there.
 */
export async function handler(event: FixtureWsEvent): Promise<{ statusCode: number }> {
  return replyToSender(event, { event: 'requestError', routeKey: event.requestContext.routeKey, received: event.body });
}
