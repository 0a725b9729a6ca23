import { describe, expect, it, vi } from 'vitest';
import { embedRuntimeConfig } from '@bidgrid/shared/runtime-config';
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

  it('reads the config the page carries, without a request', async () => {
    // Prepare
    const page = document.implementation.createHTMLDocument('BidGrid');
    page.head.innerHTML = embedRuntimeConfig('<head></head>', JSON.stringify(testConfig)).replace(/<\/?head>/g, '');
    const fetchMock = vi.fn<typeof fetch>(json(testConfig));

    // Act
    const result = await loadRuntimeConfig(fetchMock, page);

    // Assess
    expect(result).toEqual({ ok: true, config: testConfig });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is wrong with the config the page carries', async () => {
    // Prepare
    const invalid = document.implementation.createHTMLDocument('BidGrid');
    invalid.head.innerHTML = embedRuntimeConfig(
      '<head></head>',
      JSON.stringify({ ...testConfig, apiUrl: 'x' }),
    ).replace(/<\/?head>/g, '');
    const broken = document.implementation.createHTMLDocument('BidGrid');
    broken.head.innerHTML = embedRuntimeConfig('<head></head>', '{"stage":').replace(/<\/?head>/g, '');

    // Act
    const wrongField = await loadRuntimeConfig(vi.fn<typeof fetch>(), invalid);
    const notJson = await loadRuntimeConfig(vi.fn<typeof fetch>(), broken);

    // Assess
    expect(!wrongField.ok && wrongField.message).toMatch(/in the page.*apiUrl/);
    expect(!notJson.ok && notJson.message).toMatch(/in the page.*not valid JSON/);
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
