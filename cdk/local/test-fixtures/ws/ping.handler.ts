/**
 * Test fixture: the `ping` action replies through the management API, as real handlers do
 * (`POST /{stage}/@connections/{id}`), echoing the body it received.
 */
export async function handler(event: {
  body: string;
  requestContext: { connectionId: string; domainName: string; stage: string; routeKey: string };
}): Promise<{ statusCode: number }> {
  const { connectionId, domainName, stage, routeKey } = event.requestContext;
  const url = `http://${domainName}/${stage}/@connections/${encodeURIComponent(connectionId)}`;
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ event: 'pong', routeKey, received: JSON.parse(event.body) as unknown }),
  });
  return { statusCode: res.status };
}
