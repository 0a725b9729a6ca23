import { createServer, type Server } from 'node:net';

/** Every server of the local stack binds the loopback interface only (ARCHITECTURE.md). */
export const HOST = '127.0.0.1';

/** Default ports (CONTRIBUTING.md); `--ephemeral` picks free ones instead. */
export const DEFAULT_PORTS = {
  web: 5173,
  rest: 4000,
  ws: 4001,
  dynamodb: 8000,
  cognito: 9229,
  s3: 4569,
  bidder: 4101,
  hubspot: 4102,
  stripe: 4103,
  companyMatch: 4104,
  mail: 4105,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;

/** What each port serves, for messages. */
export const PORT_LABELS: Record<PortName, string> = {
  web: 'web app',
  rest: 'REST gateway',
  ws: 'WebSocket gateway',
  dynamodb: 'DynamoDB Local',
  cognito: 'Cognito shim',
  s3: 's3rver',
  bidder: 'bidder simulator',
  hubspot: 'CRM simulator',
  stripe: 'payments simulator',
  companyMatch: 'company-match simulator',
  mail: 'mail simulator',
};

/** Raised when a fixed port is taken; the message names the port and what needed it. */
export class PortInUseError extends Error {
  constructor(readonly ports: ReadonlyArray<{ port: number; label: string }>) {
    const list = ports.map((p) => `${p.port} (${p.label})`).join(', ');
    super(
      `Port${ports.length > 1 ? 's' : ''} ${list} ${ports.length > 1 ? 'are' : 'is'} already in use on ${HOST}. ` +
        'Stop whatever uses it (another local stack?) or start with --ephemeral to use free ports.',
    );
    this.name = 'PortInUseError';
  }
}

/** Listens on `port` (0 = any free one) on the loopback interface; resolves with the bound port. */
export function listen(server: Server, port: number, label: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError([{ port, label }]) : error);
    };
    const onListening = (): void => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, HOST);
  });
}

/** Whether a TCP port can be bound on the loopback interface right now. */
export async function isPortFree(port: number): Promise<boolean> {
  const probe = createServer();
  try {
    await listen(probe, port, 'probe');
    return true;
  } catch {
    return false;
  } finally {
    if (probe.listening) await new Promise<void>((r) => probe.close(() => r()));
  }
}

/**
 * A port that was free a moment ago, for processes that take a port number rather than a socket
 * (DynamoDB Local, cognito-local). The tiny race with other programs is acceptable on a laptop.
 */
export async function findFreePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0, 'probe');
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** Fails with one message naming every default port that is taken, before anything starts. */
export async function assertPortsFree(ports: ReadonlyArray<{ port: number; label: string }>): Promise<void> {
  const results = await Promise.all(ports.map(async (p) => ({ ...p, free: await isPortFree(p.port) })));
  const taken = results.filter((r) => !r.free).map(({ port, label }) => ({ port, label }));
  if (taken.length > 0) throw new PortInUseError(taken);
}
