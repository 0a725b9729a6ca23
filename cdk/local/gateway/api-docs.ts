import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  API_REFERENCE_PATH,
  buildOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
  type OpenApiDocumentOptions,
} from '@bidgrid/shared/api/openapi/openapi-document';
import { referencePageContentSecurityPolicy, renderReferencePages } from '@bidgrid/shared/api/openapi/reference-page';
import type { AnyOperation } from '@bidgrid/shared/api/operation';

/** What the local gateway's API description is built from. */
export interface ApiDocsOptions {
  /** The stack's REST and WebSocket URLs (the document's servers), known once the stack is ready. */
  readonly urls: Promise<{ readonly apiUrl: string; readonly wsUrl: string }>;
  /** Whether an operation's handler file exists (the others answer 501, and the document says so). */
  readonly isImplemented: (operation: AnyOperation) => boolean;
  /** The table by feature; the contract's own unless a test passes another. */
  readonly features?: OpenApiDocumentOptions['features'];
}

interface Rendered {
  readonly key: string;
  readonly json: Buffer;
  /** The reference pages by path (`/reference`, `/reference/<feature>`, `/reference/realtime`). */
  readonly pages: ReadonlyMap<string, Buffer>;
}

/** Headers of both answers: never cached (the table changes as handlers are added), readable from any origin. */
const COMMON_HEADERS = {
  'cache-control': 'no-cache',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The API's description on the local REST gateway, at the API's own origin, as the cloud API answers it
 * (`GET {api}/openapi.json`, `GET {api}/reference`): the OpenAPI document generated from the operation
 * table and its reference pages (`/reference/<feature>`, `/reference/realtime` beside it), with the pages' policy (no script, its stylesheet by hash). Built on the
 * first request and again whenever the set of implemented operations changes (a handler file added while
 * the stack runs), so the document always says which operations answer 501.
 *
 * Answers true when it handled the request (one of its paths), false to let the gateway route it.
 */
export function createApiDocsRoute(
  options: ApiDocsOptions,
  operations: readonly AnyOperation[],
): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean> {
  let rendered: Rendered | undefined;

  const render = async (): Promise<Rendered> => {
    const implemented = operations.filter((op) => options.isImplemented(op)).map((op) => op.name);
    const key = implemented.join(',');
    if (rendered?.key === key) return rendered;
    const { apiUrl, wsUrl } = await options.urls;
    const document = buildOpenApiDocument({
      apiUrl,
      wsUrl,
      environment: 'local stack',
      isImplemented: (op) => implemented.includes(op.name),
      ...(options.features ? { features: options.features } : {}),
    });
    rendered = {
      key,
      json: Buffer.from(JSON.stringify(document)),
      pages: new Map([...renderReferencePages(document)].map(([path, html]) => [path, Buffer.from(html)])),
    };
    return rendered;
  };

  return async (req, res, path) => {
    if (path !== OPENAPI_DOCUMENT_PATH && path !== API_REFERENCE_PATH && !path.startsWith(`${API_REFERENCE_PATH}/`)) {
      return false;
    }
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        ...COMMON_HEADERS,
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { ...COMMON_HEADERS, allow: 'GET, HEAD', 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Use GET' }));
      return true;
    }
    const { json, pages } = await render();
    const page = path !== OPENAPI_DOCUMENT_PATH;
    const body = page ? pages.get(path) : json;
    if (!body) {
      res.writeHead(404, { ...COMMON_HEADERS, 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not Found' }));
      return true;
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': page ? 'text/html; charset=utf-8' : 'application/json',
      'content-length': String(body.length),
      ...(page
        ? {
            'content-security-policy': referencePageContentSecurityPolicy(),
            'x-frame-options': 'DENY',
            'referrer-policy': 'strict-origin-when-cross-origin',
          }
        : {}),
    });
    res.end(method === 'HEAD' ? undefined : body);
    return true;
  };
}
