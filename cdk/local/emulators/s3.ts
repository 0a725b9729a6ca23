import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { HOST, PortInUseError } from '../support/ports';

/** The creative bucket of the local stack. */
export const LOCAL_BUCKET = 'bidgrid-local-creatives';

/**
 * The bucket's CORS rules: the SPA uploads creatives straight to S3 with presigned PUTs, so its
 * origin may PUT/GET with any header and read the ETag. Without a web origin (`--web none`) any
 * origin is allowed, which only matters to tests.
 */
export function corsXml(origins: readonly string[]): string {
  const allowed = origins.length > 0 ? origins : ['*'];
  return [
    '<CORSConfiguration>',
    '  <CORSRule>',
    ...allowed.map((o) => `    <AllowedOrigin>${o}</AllowedOrigin>`),
    ...['GET', 'PUT', 'POST', 'HEAD', 'DELETE'].map((m) => `    <AllowedMethod>${m}</AllowedMethod>`),
    '    <AllowedHeader>*</AllowedHeader>',
    '    <ExposeHeader>ETag</ExposeHeader>',
    '    <MaxAgeSeconds>3000</MaxAgeSeconds>',
    '  </CORSRule>',
    '</CORSConfiguration>',
  ].join('\n');
}

export interface LocalS3 {
  readonly endpoint: string;
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * Runs s3rver in-process with the creative bucket (re-applying its CORS rules on every start, as
 * the web origin may have changed). Clients need `forcePathStyle`, credentials S3RVER/S3RVER and
 * `requestChecksumCalculation: 'WHEN_REQUIRED'` (TOOLCHAIN.md).
 */
export async function startS3(options: {
  port: number;
  directory: string;
  webOrigins: readonly string[];
}): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    address: HOST,
    port: options.port,
    silent: true,
    directory: options.directory,
    // Requests come to 127.0.0.1 by IP; never treat the host name as a bucket.
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_BUCKET, configs: [corsXml(options.webOrigins)] }],
  });
  // Every reply says nosniff, so a browser takes an object for the type it is served as (a creative's
  // checked type) and never for HTML it might look like. First in the chain: it wraps s3rver's routes.
  server.middleware.unshift(async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
  });
  let address: { port: number };
  try {
    address = await server.run();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError([{ port: options.port, label: 's3rver' }]);
    }
    throw error;
  }
  return {
    endpoint: `http://${HOST}:${address.port}`,
    port: address.port,
    stop: () => server.close(),
  };
}
