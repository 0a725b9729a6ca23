/** The part of s3rver 3.7's API the local stack uses (the package ships no types). */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: ReadonlyArray<{ name: string; configs?: ReadonlyArray<string | Buffer> }>;
  }

  /** The part of a Koa context the local stack touches. */
  interface S3rverContext {
    set(field: string, value: string): void;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa app), composed when `run()` starts listening. */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void>>;
    /** Creates the configured buckets and starts listening. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  }

  export default S3rver;
}
