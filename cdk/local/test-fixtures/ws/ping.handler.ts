import { replyToSender, type FixtureWsEvent } from './reply';

/** Test fixture: the `ping` action replies through the management API, echoing the body it received. */
export async function handler(event: FixtureWsEvent): Promise<{ statusCode: number }> {
  const received = JSON.parse(event.body) as unknown;
  return replyToSender(event, { event: 'pong', routeKey: event.requestContext.routeKey, received });
}
