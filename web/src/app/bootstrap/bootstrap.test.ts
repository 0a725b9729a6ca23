import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/render';
import { loadRuntimeConfig } from './runtime-config';
import { unregisterServiceWorkers } from './service-workers';

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status });

describe('runtime config', () => {
  it('loads and validates /runtime-config.json', async () => {
    // Prepare
    const fetchMock = vi.fn<typeof fetch>(json(testConfig));

    // Act
    const result = await loadRuntimeConfig(fetchMock);

    // Assess
    expect(result).toEqual({ ok: true, config: testConfig });
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('takes the request early-config.js started, once', async () => {
    // Prepare
    window.__bidgridRuntimeConfig = json(testConfig)();
    const fetchMock = vi.fn<typeof fetch>(json(testConfig));

    // Act
    const first = await loadRuntimeConfig(fetchMock);
    const second = await loadRuntimeConfig(fetchMock);

    // Assess
    expect(first).toEqual({ ok: true, config: testConfig });
    expect(second).toEqual({ ok: true, config: testConfig });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__bidgridRuntimeConfig).toBeUndefined();
  });

  it('asks again when the early request failed on the way', async () => {
    // Prepare
    window.__bidgridRuntimeConfig = Promise.reject(new TypeError('Failed to fetch'));
    const fetchMock = vi.fn<typeof fetch>(json(testConfig));

    // Act
    const result = await loadRuntimeConfig(fetchMock);

    // Assess
    expect(result).toEqual({ ok: true, config: testConfig });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says which field is wrong', async () => {
    // Act
    const result = await loadRuntimeConfig(vi.fn<typeof fetch>(json({ ...testConfig, apiUrl: 'not a url' })));

    // Assess
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('apiUrl');
  });

  it('reports an HTTP error and a network failure', async () => {
    // Act
    const missing = await loadRuntimeConfig(vi.fn<typeof fetch>(json({}, 404)));
    const offline = await loadRuntimeConfig(
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    // Assess
    expect(!missing.ok && missing.message).toBe('/runtime-config.json answered HTTP 404.');
    expect(!offline.ok && offline.message).toContain('could not be fetched');
  });
});

describe('service workers', () => {
  it('unregisters every old registration', async () => {
    // Prepare
    const unregister = vi.fn(async () => true);
    const container = {
      getRegistrations: async () => [{ unregister }, { unregister }],
    } as unknown as ServiceWorkerContainer;

    // Act
    const count = await unregisterServiceWorkers(container);

    // Assess
    expect(count).toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it('does nothing where service workers are unavailable', async () => {
    // Assess
    expect(await unregisterServiceWorkers(undefined)).toBe(0);
  });
});
