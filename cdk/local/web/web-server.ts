import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { embedRuntimeConfig, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import type { Logger } from '../support/logger';
import { paths } from '../support/paths';
import { HOST, PortInUseError, type PortReservation } from '../support/ports';
import { localContentSecurityPolicy } from './content-security-policy';
import { webBuildDecision, webSources } from './web-build-freshness';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

export interface WebServer {
  readonly url: string;
  stop(): Promise<void>;
}

export interface WebServerOptions {
  readonly mode: 'dev' | 'build';
  /** The port, held since the stack started (a build takes a minute): the server takes it over. */
  readonly port: PortReservation;
  /** Resolves once the stack knows its endpoints (the config and, built, the pages wait for it; assets do not). */
  readonly runtimeConfig: Promise<TRuntimeConfig>;
  /** The local S3 endpoint, which the built pages' CSP allows for uploads and previews. */
  readonly storageUrl: string;
  readonly logger: Logger;
  readonly quiet: boolean;
}

/** Answers `/runtime-config.json` (never cached: it changes with every ephemeral stack). */
async function sendRuntimeConfig(res: ServerResponse, config: Promise<TRuntimeConfig>): Promise<void> {
  const body = JSON.stringify(await config);
  res.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
};

/** Content types worth compressing (text, JSON, SVG); images, fonts and video are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

/**
 * What a request for `urlPath` serves from the build folder: the file, or `index.html` for client
 * routes (SPA fallback), or nothing (a missing asset or a source map answers 404 rather than HTML in
 * place of JS).
 */
export function resolveStatic(distDir: string, urlPath: string): { file: string; cache: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // Like the cloud, which never deploys them (WebContentStack), the built app serves no source maps;
  // debugging with sources is what `--web dev` is for.
  if (/\.map$/i.test(decoded)) return null;
  const root = resolve(distDir);
  const candidate = resolve(root, `.${decoded}`);
  const inside = candidate === root || candidate.startsWith(root + sep);
  if (inside && existsSync(candidate) && statSync(candidate).isFile()) {
    // Hashed bundles never change under a name; everything else is revalidated.
    const immutable = decoded.startsWith('/assets/');
    return { file: candidate, cache: immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
  }
  if (decoded.startsWith('/assets/') || (extname(decoded) !== '' && extname(decoded) !== '.html')) return null;
  return { file: join(root, 'index.html'), cache: 'no-cache' };
}

/** Answers with a file of the build, gzip-compressed when it is text and the client accepts it. */
/**
 * The gzip of each file served, made once per version of the file (its size and time), as a CDN keeps
 * compressed copies: a cold page load asks for a hundred scripts at once, and compressing each on every
 * request took the CPU the page and the API needed at that moment.
 */
const compressed = new Map<string, { version: string; body: Buffer }>();

function gzipOf(file: string): Buffer {
  const stat = statSync(file);
  const version = `${stat.size}:${stat.mtimeMs}`;
  const kept = compressed.get(file);
  if (kept?.version === version) return kept.body;
  const body = gzipSync(readFileSync(file));
  compressed.set(file, { version, body });
  return body;
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  found: { file: string; cache: string },
  headers: Record<string, string>,
): void {
  const type = CONTENT_TYPES[extname(found.file)] ?? 'application/octet-stream';
  // Text is gzip-compressed for clients that accept it, as CloudFront does in the cloud: page-load
  // measurements (Lighthouse) of the local stack then see the bytes users download.
  const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipOf(found.file) : null;
  res.writeHead(200, {
    ...headers,
    'content-type': type,
    'cache-control': found.cache,
    vary: 'accept-encoding',
    ...(body
      ? { 'content-encoding': 'gzip', 'content-length': body.length }
      : { 'content-length': statSync(found.file).size }),
  });
  if (req.method === 'HEAD') res.end();
  else if (body) res.end(body);
  else createReadStream(found.file).pipe(res);
}

/**
 * Answers with a page of the build (index.html), the runtime config written into it
 * (`embedRuntimeConfig`, as CDK deploys it), gzip-compressed when the client accepts it.
 */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  config: TRuntimeConfig,
  headers: Record<string, string>,
): void {
  const html = Buffer.from(embedRuntimeConfig(readFileSync(file, 'utf8'), JSON.stringify(config)));
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipSync(html) : html;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    'content-length': body.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** What {@link createStaticServer} serves. */
export interface StaticServerOptions {
  readonly distDir: string;
  /** Resolves once the stack knows its endpoints (the config and the pages wait for it; assets do not). */
  readonly runtimeConfig: Promise<TRuntimeConfig>;
  /** The local S3 endpoint: uploads and previews the pages' CSP allows. */
  readonly storageUrl: string;
  readonly logger: Logger;
}

/**
 * The server of `--web build`: the built SPA, its pages with the runtime config written into them and
 * the CSP CloudFront gives them (`localContentSecurityPolicy`: the cloud's policy over the local
 * origins), so a page that the deployed policy would break breaks here too.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  const failed = (res: ServerResponse, what: string) => (error: unknown) => {
    options.logger.error(what, error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  };
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    if (path === RUNTIME_CONFIG_PATH) {
      sendRuntimeConfig(res, options.runtimeConfig).catch(failed(res, 'runtime config'));
      return;
    }
    const found = resolveStatic(options.distDir, path);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    if (extname(found.file) !== '.html') {
      sendFile(req, res, found, {});
      return;
    }
    // A CSP governs the document it comes with (scripts and styles carry none of their own), and it
    // names the stack's ports: a page waits for the stack to be ready, as its config (written into it)
    // does anyway.
    options.runtimeConfig
      .then((config) =>
        sendPage(req, res, found.file, config, {
          'content-security-policy': localContentSecurityPolicy(config, options.storageUrl, path),
        }),
      )
      .catch(failed(res, 'page'));
  });
}

const viteConfigFile = (): string | false => {
  const file = join(paths.web, 'vite.config.ts');
  return existsSync(file) ? file : false;
};

/**
 * Serves the SPA: `dev` runs Vite's dev server on web/ (with the project's vite.config.ts and a
 * small plugin answering /runtime-config.json); `build` serves web/dist (built first when missing or older
 * than its sources: `web-build-freshness.ts`)
 * with long-lived caching for hashed assets, no-cache for index.html, SPA fallback and the CSP.
 *
 * `dev` sends no CSP: React Fast Refresh puts an inline module script (its preamble) in the page,
 * which the deployed policy refuses, so a policy that let it through would no longer be the deployed
 * one. The deployed policy is enforced where the deployed files run: in `build`, which the browser
 * tests and the benches use.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  if (options.mode === 'dev') {
    const vite = await import('vite');
    const server = await vite.createServer({
      root: paths.web,
      configFile: viteConfigFile(),
      clearScreen: false,
      logLevel: options.quiet ? 'error' : 'warn',
      server: { host: HOST, port: options.port.port, strictPort: true },
      plugins: [
        {
          name: 'bidgrid-runtime-config',
          configureServer(dev) {
            dev.middlewares.use((req, res, next) => {
              if (req.url?.split('?')[0] !== RUNTIME_CONFIG_PATH) return next();
              sendRuntimeConfig(res, options.runtimeConfig).catch(next);
            });
          },
        },
      ],
    });
    try {
      // Vite binds by number: the port is freed the moment before (it was held until now).
      await options.port.release();
      await server.listen();
    } catch (error) {
      await server.close();
      if (/already in use/i.test(error instanceof Error ? error.message : '')) {
        throw new PortInUseError([{ port: options.port.port, label: 'web app' }]);
      }
      throw error;
    }
    return { url: `http://${HOST}:${options.port.port}`, stop: () => server.close() };
  }

  const decision = webBuildDecision(join(paths.webDist, 'index.html'), webSources(paths.repoRoot));
  if (decision.build) {
    options.logger.info(
      decision.reason === 'missing'
        ? 'web/dist is missing: building the web app (npm run build -w web)...'
        : `web/dist is older than ${relative(paths.repoRoot, decision.newestSource ?? '')}: building the web app again (npm run build -w web)...`,
    );
    const vite = await import('vite');
    await vite.build({ root: paths.web, configFile: viteConfigFile(), logLevel: options.quiet ? 'error' : 'warn' });
  }
  const server = createStaticServer({
    distDir: paths.webDist,
    runtimeConfig: options.runtimeConfig,
    storageUrl: options.storageUrl,
    logger: options.logger,
  });
  await options.port.handTo(server);
  return {
    url: `http://${HOST}:${options.port.port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
