import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortsFree, findFreePort, listen, PortInUseError } from './ports';

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
      await new Promise<void>((r) => holder.close(() => r()));
    }
  });
});
