import { RUNTIME_CONFIG_ELEMENT_ID, ZRuntimeConfig, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';

/** The result of reading the runtime config: the config, or a message saying what went wrong. */
export type RuntimeConfigResult = { ok: true; config: TRuntimeConfig } | { ok: false; message: string };

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/** Checks a config read from the page or the server against the schema; says what is wrong. */
function checked(body: unknown, source: string): RuntimeConfigResult {
  const parsed = ZRuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, message: `${source} is invalid: ${issues.join('; ')}.` };
  }
  return { ok: true, config: parsed.data };
}

/**
 * Reads and validates the runtime config. Endpoints and pool ids are deployment facts, never baked into
 * the bundle. The page carries them (`embedRuntimeConfig`: the local stack's web server and CDK write them
 * into index.html), so start-up waits for no request; a page without them (Vite's dev server) fetches
 * `/runtime-config.json`, which the local stack serves and CDK writes next to index.html.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  page: Document = document,
): Promise<RuntimeConfigResult> {
  const embedded = page.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (embedded) {
    const source = `The runtime config in the page (#${RUNTIME_CONFIG_ELEMENT_ID})`;
    try {
      return checked(JSON.parse(embedded.textContent ?? ''), source);
    } catch {
      return { ok: false, message: `${source} is not valid JSON.` };
    }
  }
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    return { ok: false, message: `${RUNTIME_CONFIG_URL} could not be fetched (${String(error)}).` };
  }
  if (!response.ok) return { ok: false, message: `${RUNTIME_CONFIG_URL} answered HTTP ${response.status}.` };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: `${RUNTIME_CONFIG_URL} is not valid JSON.` };
  }
  return checked(body, RUNTIME_CONFIG_URL);
}
