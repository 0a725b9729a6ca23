import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertPortsFree,
  ephemeralPortRange,
  findFreePort,
  HOST,
  isPortFree,
  listen,
  PortInUseError,
  portsOutsideEphemeralRange,
  reservePort,
} from './ports';

const close = (server: { close(cb: () => void): unknown }): Promise<void> =>
  new Promise<void>((r) => server.close(() => r()));

describe('ports', () => {
  it('names every taken port and what needed it', async () => {
    // Prepare
    const holder = createServer();
    const taken = await listen(holder, 0, 'holder');
    const free = await findFreePort();
    try {
      // Act
      const check = assertPortsFree([
        { port: taken, label: 'REST gateway' },
        { port: free, label: 'web app' },
      ]);
      // Assess
      await expect(check).rejects.toBeInstanceOf(PortInUseError);
      await expect(check).rejects.toThrow(`Port ${taken} (REST gateway) is already in use on 127.0.0.1`);
      await expect(listen(createServer(), taken, 'DynamoDB Local')).rejects.toThrow(`${taken} (DynamoDB Local)`);
    } finally {
      await close(holder);
    }
  });

  it('reads the kernel ephemeral range, and falls back to the dynamic range without the file', () => {
    // Prepare
    const dir = mkdtempSync(join(tmpdir(), 'ports-'));
    const file = join(dir, 'ip_local_port_range');
    writeFileSync(file, '32768\t60999\n');
    // Act, Assess
    expect(ephemeralPortRange(file)).toEqual({ low: 32768, high: 60999 });
    expect(ephemeralPortRange(join(dir, 'missing'))).toEqual({ low: 49152, high: 65535 });
    expect(portsOutsideEphemeralRange({ low: 32768, high: 60999 })).toEqual({ low: 22767, high: 32767 });
    expect(portsOutsideEphemeralRange({ low: 2000, high: 60999 })).toEqual({ low: 1024, high: 1999 });
  });

  it('picks a free port below the range the kernel hands out, so bound-to-0 servers never take it', async () => {
    // Prepare
    const outside = portsOutsideEphemeralRange();
    const kernel = ephemeralPortRange();
    // Act
    const ports = await Promise.all(Array.from({ length: 20 }, () => findFreePort()));
    const servers = Array.from({ length: 20 }, () => createServer());
    const kernelPorts = await Promise.all(servers.map((s) => listen(s, 0, 'kernel pick')));
    try {
      // Assess
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(outside.low);
        expect(port).toBeLessThanOrEqual(outside.high);
        expect(port).toBeLessThan(kernel.low);
      }
      for (const port of kernelPorts) expect(ports).not.toContain(port);
    } finally {
      await Promise.all(servers.map(close));
    }
  });

  it('gives up with a message when the range has no free port', async () => {
    // Prepare
    const holder = createServer();
    const taken = await listen(holder, 0, 'holder');
    try {
      // Act, Assess
      await expect(findFreePort({ low: taken, high: taken })).rejects.toThrow(
        `No free port found between ${taken} and ${taken} on ${HOST}`,
      );
    } finally {
      await close(holder);
    }
  });

  it('holds a reserved port until a server takes its socket over, with no moment it is free', async () => {
    // Prepare
    const reservation = await reservePort(0, 'web app');
    const server = createHttpServer((_req, res) => res.end('served'));
    try {
      // Assess: held
      expect(await isPortFree(reservation.port)).toBe(false);
      // Act
      await reservation.handTo(server);
      // Assess: the server answers on the reserved port; the reservation cannot be handed again
      const reply = await fetch(`http://${HOST}:${reservation.port}/`);
      expect(await reply.text()).toBe('served');
      await expect(reservation.handTo(createHttpServer())).rejects.toThrow('already handed over');
      await reservation.release();
      expect(await isPortFree(reservation.port)).toBe(false);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
    expect(await isPortFree(reservation.port)).toBe(true);
  });

  it('frees a released reservation, and fails at once for a taken fixed port', async () => {
    // Prepare
    const reservation = await reservePort(0, 'web app');
    // Act
    await reservation.release();
    // Assess
    expect(await isPortFree(reservation.port)).toBe(true);
    const holder = createServer();
    const taken = await listen(holder, 0, 'holder');
    try {
      await expect(reservePort(taken, 'web app')).rejects.toThrow(`Port ${taken} (web app) is already in use`);
    } finally {
      await close(holder);
    }
  });
});
