import { ZRuntimeConfig, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';

/** The result of loading `/runtime-config.json`: the config, or a message saying what went wrong. */
export type RuntimeConfigResult = { ok: true; config: TRuntimeConfig } | { ok: false; message: string };

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/**
 * Fetches and validates the runtime config. Endpoints and pool ids are deployment facts, never baked
 * into the bundle: the local stack serves this file, CDK writes it next to index.html.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfigResult> {
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
  const parsed = ZRuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, message: `${RUNTIME_CONFIG_URL} is invalid: ${issues.join('; ')}.` };
  }
  return { ok: true, config: parsed.data };
}
