import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../kernel/config';

/** `sent`, or `gone` when the client has disconnected (the caller then forgets the connection). */
export type PostOutcome = 'sent' | 'gone';

// One client per endpoint: a Lambda serves one API, so in practice this holds a single client.
const clients = new Map<string, ApiGatewayManagementApiClient>();

function clientFor(endpoint: string): ApiGatewayManagementApiClient {
  let client = clients.get(endpoint);
  if (!client) {
    const cfg = config();
    client = new ApiGatewayManagementApiClient({
      region: cfg.AWS_REGION,
      endpoint,
      // The local gateway does not check signatures; the SDK still needs something to sign with.
      ...(cfg.STAGE === 'local' ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    clients.set(endpoint, client);
  }
  return client;
}

/**
 * The management endpoint that reaches the caller's connection: WS_MANAGEMENT_ENDPOINT when set
 * (local gateway, custom domains), else the API's own `https://{domainName}/{stage}`.
 */
export function managementEndpoint(requestContext: { domainName?: string; stage?: string }): string {
  const configured = config().WS_MANAGEMENT_ENDPOINT;
  if (configured) return configured;
  if (!requestContext.domainName || !requestContext.stage) {
    throw new Error('No WS_MANAGEMENT_ENDPOINT and no domainName/stage in the event');
  }
  return `https://${requestContext.domainName}/${requestContext.stage}`;
}

/** Sends one JSON message to a connection; `gone` when API Gateway says it no longer exists. */
export async function postToConnection(endpoint: string, connectionId: string, message: unknown): Promise<PostOutcome> {
  try {
    await clientFor(endpoint).send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return 'sent';
  } catch (error) {
    if (error instanceof GoneException) return 'gone';
    throw error;
  }
}
