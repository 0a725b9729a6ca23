import { config } from '../kernel/config';

/** The web app's default local address (CONTRIBUTING.md ports). */
export const LOCAL_WEB_ORIGIN = 'http://127.0.0.1:5173';

/**
 * The web app's base URL (no trailing slash), for links the server hands out (the CRM card's picker
 * URL): WEB_APP_URL when set, else the first allowed web origin (CORS_ORIGIN, required in the cloud),
 * else the local web app's default address.
 */
export function webAppUrl(): string {
  const cfg = config();
  return (cfg.WEB_APP_URL ?? cfg.CORS_ORIGIN[0] ?? LOCAL_WEB_ORIGIN).replace(/\/+$/, '');
}
