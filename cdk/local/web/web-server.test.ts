import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { embedRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import { parseContentSecurityPolicy } from '@bidgrid/shared/content-security-policy';
import { createLogger } from '../support/logger';
import { HOST } from '../support/ports';
import { buildRuntimeConfig } from './runtime-config';
import { createStaticServer, resolveStatic } from './web-server';

const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>BidGrid</title></head></html>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('resolveStatic', () => {
  it('serves hashed assets with a year-long immutable cache and other files revalidated', () => {
    expect(resolveStatic(dist, '/assets/index-abc123.js')).toEqual({
      file: join(dist, 'assets', 'index-abc123.js'),
      cache: 'public, max-age=31536000, immutable',
    });
    expect(resolveStatic(dist, '/favicon.svg')).toEqual({ file: join(dist, 'favicon.svg'), cache: 'no-cache' });
  });

  it('falls back to index.html (no-cache) for client routes', () => {
    const index = { file: join(dist, 'index.html'), cache: 'no-cache' };
    expect(resolveStatic(dist, '/')).toEqual(index);
    expect(resolveStatic(dist, '/advertisers/bgAdvertiser-1')).toEqual(index);
    expect(resolveStatic(dist, '/public-campaigns-picker')).toEqual(index);
  });

  it('never serves source maps, as the cloud never deploys them', () => {
    expect(resolveStatic(dist, '/assets/index-abc123.js.map')).toBeNull();
    expect(resolveStatic(dist, '/assets/INDEX-abc123.js.MAP')).toBeNull();
  });

  it('answers nothing for missing assets and never leaves the folder', () => {
    expect(resolveStatic(dist, '/assets/gone.js')).toBeNull();
    expect(resolveStatic(dist, '/missing.png')).toBeNull();
    // A path that climbs out of the folder gets the SPA's index page at most, never the outside file.
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../../etc/hostname']) {
      const found = resolveStatic(dist, path);
      expect(found === null || found.file === join(dist, 'index.html'), path).toBe(true);
    }
  });
});

describe('buildRuntimeConfig', () => {
  it('names the shim, the simulator payments and the local stage', () => {
    const config = buildRuntimeConfig({
      apiUrl: 'http://127.0.0.1:4000',
      wsUrl: 'ws://127.0.0.1:4001/local',
      userPoolId: 'local_abc',
      userPoolClientId: 'client',
      cognitoEndpoint: 'http://127.0.0.1:9229',
      paymentsUrl: 'http://127.0.0.1:4103',
    });
    expect(config).toEqual({
      stage: 'local',
      region: 'us-east-1',
      apiUrl: 'http://127.0.0.1:4000',
      wsUrl: 'ws://127.0.0.1:4001/local',
      cognito: { userPoolId: 'local_abc', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229' },
      payments: { mode: 'simulator', baseUrl: 'http://127.0.0.1:4103', publishableKey: 'pk_test_local' },
      supportUrl: 'https://support.bidgrid.example/',
    });
  });
});

describe('the built web app server', () => {
  const config = buildRuntimeConfig({
    apiUrl: 'http://127.0.0.1:4000',
    wsUrl: 'ws://127.0.0.1:4001/local',
    userPoolId: 'local_abc',
    userPoolClientId: 'client',
    cognitoEndpoint: 'http://127.0.0.1:9229',
    paymentsUrl: 'http://127.0.0.1:4103',
  });
  const servers: Array<ReturnType<typeof createStaticServer>> = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise<void>((r) => server.close(() => r()));
  });

  /** Starts the server over the test build; its base URL. */
  async function serve(runtimeConfig: Promise<TRuntimeConfig>): Promise<string> {
    const server = createStaticServer({
      distDir: dist,
      runtimeConfig,
      storageUrl: 'http://127.0.0.1:4569',
      logger: createLogger('silent'),
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, HOST, () => r()));
    return `http://${HOST}:${(server.address() as AddressInfo).port}`;
  }

  it("sends each page the cloud's CSP over the stack's origins: HubSpot may frame the picker only", async () => {
    // Prepare
    const base = await serve(Promise.resolve(config));

    // Act
    const [app, picker] = await Promise.all([fetch(`${base}/dashboard`), fetch(`${base}/public-campaigns-picker?x=1`)]);

    // Assess
    const appPolicy = parseContentSecurityPolicy(app.headers.get('content-security-policy') ?? '');
    const pickerPolicy = parseContentSecurityPolicy(picker.headers.get('content-security-policy') ?? '');
    expect(appPolicy['connect-src']).toContain('http://127.0.0.1:4569');
    expect(appPolicy['frame-ancestors']).toEqual(["'none'"]);
    expect(pickerPolicy['frame-ancestors']).toEqual(['https://*.hubspot.com']);
    expect(await app.text()).toBe(
      embedRuntimeConfig('<!doctype html><html><head><title>BidGrid</title></head></html>', JSON.stringify(config)),
    );
  });

  it('writes the runtime config into every page, gzip-compressed for a client that accepts it', async () => {
    // Prepare
    const base = await serve(Promise.resolve(config));

    // Act
    const page = await fetch(`${base}/advertisers/bgAdvertiser-1`, { headers: { 'accept-encoding': 'gzip' } });

    // Assess: fetch undoes the gzip; the block holds exactly the config the stack serves
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const block = new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(
      await page.text(),
    );
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(config);
  });

  it('serves text gzip-compressed, compressed once per version of the file', async () => {
    // Prepare
    const base = await serve(Promise.resolve(config));
    const gzip = { headers: { 'accept-encoding': 'gzip' } };

    // Act
    const first = await fetch(`${base}/assets/index-abc123.js`, gzip);
    const firstText = await first.text();
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("a new build of the same name")');
    const changed = await (await fetch(`${base}/assets/index-abc123.js`, gzip)).text();
    const plain = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });

    // Assess: compressed with its length known, and a changed file is never answered with the old copy
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(Number(first.headers.get('content-length'))).toBeGreaterThan(0);
    expect(firstText).toBe('console.log(1)');
    expect(changed).toBe('console.log("a new build of the same name")');
    expect(plain.headers.get('content-encoding')).toBeNull();
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  });

  it('serves assets at once, and pages once the stack knows its origins', async () => {
    // Prepare: a stack still starting
    let ready: (value: TRuntimeConfig) => void = () => undefined;
    const base = await serve(new Promise<TRuntimeConfig>((r) => (ready = r)));
    let pageAnswered = false;
    const page = fetch(`${base}/`).then((response) => {
      pageAnswered = true;
      return response;
    });

    // Act
    const asset = await fetch(`${base}/assets/index-abc123.js`);
    const answeredBeforeReady = pageAnswered;
    ready(config);

    // Assess
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(answeredBeforeReady).toBe(false);
    expect((await page).headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
