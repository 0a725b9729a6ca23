import { API_REPLY_HEADERS } from '@bidgrid/shared/api/envelope';

/** API Gateway's literal values are quoted: `'no-store'`. */
const literal = (value: string): string => `'${value}'`;

/** The reply headers as a gateway response's `responseHeaders` (DEFAULT_4XX, DEFAULT_5XX, THROTTLED). */
export function gatewayReplyHeaders(): Record<string, string> {
  return Object.fromEntries(Object.entries(API_REPLY_HEADERS).map(([name, value]) => [name, literal(value)]));
}

/**
 * The reply headers of a mock integration (the 501 placeholders, the redirects to the API's description):
 * the integration response's parameters and the method response's declaration of them.
 */
export function mockReplyHeaders(): { integration: Record<string, string>; method: Record<string, boolean> } {
  const names = Object.keys(API_REPLY_HEADERS).map((name) => `method.response.header.${name}`);
  const values = Object.values(API_REPLY_HEADERS);
  return {
    integration: Object.fromEntries(names.map((name, i) => [name, literal(values[i] as string)])),
    method: Object.fromEntries(names.map((name) => [name, true])),
  };
}

/** The reply headers as a WAF custom response's `responseHeaders` (the rate rules' 429). */
export function wafReplyHeaders(): Array<{ name: string; value: string }> {
  return Object.entries(API_REPLY_HEADERS).map(([name, value]) => ({ name, value }));
}
