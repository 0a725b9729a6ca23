/** The event a fixture handler gets: its body and where its connection is. */
export interface FixtureWsEvent {
  body: string;
  requestContext: { connectionId: string; domainName: string; stage: string; routeKey: string };
}

/**
 * Sends `message` to the event's own connection through the management API, as real handlers do
 * (`POST /{stage}/@connections/{id}`); the handler answers with the management API's status.
 */
export async function replyToSender(event: FixtureWsEvent, message: unknown): Promise<{ statusCode: number }> {
  const { connectionId, domainName, stage } = event.requestContext;
  const url = `http://${domainName}/${stage}/@connections/${encodeURIComponent(connectionId)}`;
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(message) });
  return { statusCode: res.status };
}
