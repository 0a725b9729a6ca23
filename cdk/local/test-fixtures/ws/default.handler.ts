/**
 * Test fixture: the `$default` route replies through the management API with what it received, so a
 * test sees which messages API Gateway would send there.
 */
export async function handler(event: {
  body: string;
  requestContext: { connectionId: string; domainName: string; stage: string; routeKey: string };
}): Promise<{ statusCode: number }> {
  const { connectionId, domainName, stage, routeKey } = event.requestContext;
  const url = `http://${domainName}/${stage}/@connections/${encodeURIComponent(connectionId)}`;
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ event: 'requestError', routeKey, received: event.body }),
  });
  return { statusCode: res.status };
}
