import { ZRuntimeConfig, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';

/** The result of loading `/runtime-config.json`: the config, or a message saying what went wrong. */
export type RuntimeConfigResult = { ok: true; config: TRuntimeConfig } | { ok: false; message: string };

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

declare global {
  interface Window {
    /** The runtime config's request, started by `public/early-config.js` before the app's code ran. */
    __bidgridRuntimeConfig?: Promise<Response>;
  }
}

/** Takes the request `early-config.js` started (once), or null when there is none (tests, an old page). */
function takeEarlyRequest(): Promise<Response> | null {
  const early = window.__bidgridRuntimeConfig ?? null;
  delete window.__bidgridRuntimeConfig;
  return early;
}

/**
 * Fetches and validates the runtime config. Endpoints and pool ids are deployment facts, never baked
 * into the bundle: the local stack serves this file, CDK writes it next to index.html. The request is the
 * one `early-config.js` started when there is one.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfigResult> {
  const request = (): Promise<Response> =>
    fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  let response: Response;
  try {
    // The early request went out before this code was downloaded; if it failed on the way, ask once more.
    const early = takeEarlyRequest();
    response = early ? await early.catch(request) : await request();
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
  const parsed = ZRuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, message: `${RUNTIME_CONFIG_URL} is invalid: ${issues.join('; ')}.` };
  }
  return { ok: true, config: parsed.data };
}
