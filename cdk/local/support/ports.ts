import { readFileSync } from 'node:fs';
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

/** The kernel's range for ports it hands out itself (bind to 0, outgoing connections): Linux's file, else IANA's. */
export function ephemeralPortRange(file = '/proc/sys/net/ipv4/ip_local_port_range'): { low: number; high: number } {
  try {
    const [low, high] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && high !== undefined && low > 0 && high >= low) return { low, high };
  } catch {
    // Not Linux: fall back to IANA's dynamic range, which macOS uses.
  }
  return { low: 49152, high: 65535 };
}

/** Where `findFreePort` looks: the 10,000 ports below the ephemeral range (never under 1024). */
export function portsOutsideEphemeralRange(range = ephemeralPortRange()): { low: number; high: number } {
  const high = Math.max(range.low - 1, 1025);
  return { low: Math.max(high - 10_000, 1024), high };
}

/**
 * A port that is free now, for processes that take a port number rather than a socket (DynamoDB
 * Local, cognito-local) and bind it seconds later. It is picked BELOW the kernel's ephemeral range:
 * ports the kernel hands out meanwhile (outgoing connections, servers bound to port 0, ours included)
 * come from that range, so they cannot take it before the process binds it. A free-port probe on
 * port 0 would return a port from that very range: a CI run lost the web app's port that way.
 */
export async function findFreePort(range = portsOutsideEphemeralRange()): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = range.low + Math.floor(Math.random() * (range.high - range.low + 1));
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port found between ${range.low} and ${range.high} on ${HOST}`);
}

/** A port held by listening on it until the server that needs it takes the socket over. */
export interface PortReservation {
  readonly port: number;
  /** Gives the held socket to `server` (no moment when the port is free); resolves when it listens. */
  handTo(server: Server): Promise<void>;
  /** Frees the port (for a server that binds by number); does nothing once handed over. */
  release(): Promise<void>;
}

/**
 * Holds `port` (0 = a free one) from now on, for a server that starts later (the web app, after a
 * build of a minute): the port cannot be taken meanwhile, and a taken fixed port fails at once.
 */
export async function reservePort(port: number, label: string): Promise<PortReservation> {
  const holder = createServer();
  const bound = await listen(holder, port, label);
  let held = true;
  return {
    port: bound,
    handTo: (server) =>
      new Promise<void>((resolve, reject) => {
        if (!held) {
          reject(new Error(`Port ${bound} (${label}) was already handed over or released`));
          return;
        }
        held = false;
        server.once('error', reject);
        // `listen(handle)`: the new server takes the listening socket itself (Node's net docs).
        server.listen(holder, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    release: async () => {
      if (!held) return;
      held = false;
      await new Promise<void>((r) => holder.close(() => r()));
    },
  };
}

/** Fails with one message naming every default port that is taken, before anything starts. */
export async function assertPortsFree(ports: ReadonlyArray<{ port: number; label: string }>): Promise<void> {
  const results = await Promise.all(ports.map(async (p) => ({ ...p, free: await isPortFree(p.port) })));
  const taken = results.filter((r) => !r.free).map(({ port, label }) => ({ port, label }));
  if (taken.length > 0) throw new PortInUseError(taken);
}
