import type { Server } from 'node:http';
import { listen } from '../support/ports';

/** Test helper: serves a simulator on a free loopback port; returns its base URL and a closer. */
export async function serve(server: Server): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const port = await listen(server, 0, 'simulator under test');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
