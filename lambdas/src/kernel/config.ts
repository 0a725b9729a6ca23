import * as z from '@bidgrid/shared/zod';

// Runtime configuration of every handler, parsed once from the environment. This is the only
// place that reads `process.env`. CDK sets these on each Lambda; the local stack sets them on its
// own process before it imports a handler.

/**
 * What every Lambda has, the Cognito user pool's trigger included: the stage, logging, the tables
 * and how secrets are read. The trigger gets nothing more because the pool names the trigger, so
 * the trigger cannot name the pool back (a deploy-time cycle). The adapters a trigger may use (the
 * DynamoDB client, the logger, secrets) read only this.
 */
const ZCoreConfig = z.object({
  STAGE: z.enum(['local', 'dev', 'prod']),
  AWS_REGION: z._default(z.string(), 'us-east-1'),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  TABLE_APP: z.string().check(z.minLength(1)),
  TABLE_REPORTS: z.string().check(z.minLength(1)),
  TABLE_CONNECTIONS: z.string().check(z.minLength(1)),
  /** Local only: the DynamoDB Local endpoint. Unset in the cloud. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  /**
   * Local only (ignored in any other stage): `on` puts the throttling fault in the DynamoDB client's
   * middleware stack (`adapters/dynamodb-throttle.ts`), which `PUT /__local/dynamodb-throttle` then
   * arms. Unset: off.
   */
  /**
   * Where vendor secrets come from: `env` (local: SECRET_* variables) or `ssm` (cloud: SecureString
   * parameters under SECRETS_PREFIX, read at cold start and never logged).
   */
  SECRETS_SOURCE: z.enum(['env', 'ssm']),
  SECRETS_PREFIX: z._default(z.string(), '/bidgrid'),
});

/** The fault tests' knobs: the local stage only reads them. */
const LOCAL_FAULT_KNOBS = [
  'BIDDER_TIMEOUT_MS',
  'BIDDER_UPLOAD_TIMEOUT_MS',
  'BIDDER_RETRY_BASE_MS',
  'CREATION_LEASE_MS',
] as const;

const ZConfig = z
  .extend(ZCoreConfig, {
    /** Local only: s3rver / cognito-local endpoints. Unset in the cloud. */
    S3_ENDPOINT: z.optional(z.url()),
    CREATIVE_BUCKET: z.string().check(z.minLength(1)),
    /**
     * Cloud only: the CloudFront domain creatives are read through, whose response headers add `nosniff`
     * (S3 cannot on a presigned GET). Unset locally, where the S3 emulator adds it itself.
     */
    CREATIVE_CDN_DOMAIN: z.optional(z.string().check(z.regex(/^[a-z0-9.-]+$/))),
    COGNITO_USER_POOL_ID: z.string().check(z.minLength(1)),
    COGNITO_CLIENT_ID: z.string().check(z.minLength(1)),
    COGNITO_ENDPOINT: z.optional(z.url()),
    /** WebSocket management endpoint (`https://{api}.execute-api.{region}.amazonaws.com/{stage}` or local). */
    WS_MANAGEMENT_ENDPOINT: z.optional(z.url()),
    /**
     * Comma-separated origins the REST replies allow (CORS). Empty locally means `*`; required in the
     * cloud so a deployed API never answers every origin by accident.
     */
    CORS_ORIGIN: z.pipe(
      z._default(z.string(), ''),
      z.transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    ),
    /** Comma-separated user names allowed to create agencies (spec: five internal users). */
    INTERNAL_USERS: z.pipe(
      z._default(z.string(), ''),
      z.transform((s) =>
        s
          .split(',')
          .map((u) => u.trim().toLowerCase())
          .filter(Boolean),
      ),
    ),
    /** Vendors: base URLs point at simulators locally and at the vendors in the cloud. */
    BIDDER_BASE_URL: z.url(),
    /** The bidder account's buzz key (names the session cookie); by default the first label of `<buzz_key>.api.beeswax.com`. */
    BIDDER_BUZZ_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]+$/))),
    /**
     * Local only (the fault tests' stack): how long one bidder request, and one file upload, may take
     * before it counts as a timeout, and the first back-off before a retry. Unset: 10 s, 60 s and
     * 250 ms, as in the cloud.
     */
    BIDDER_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.gte(100), z.lte(60_000))),
    BIDDER_UPLOAD_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.gte(100), z.lte(600_000))),
    BIDDER_RETRY_BASE_MS: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
    /**
     * Local only (the fault tests' stack): how long a campaign creation's claim holds unrenewed before
     * a retry or the recovery job may undo it. Unset: one minute, as in the cloud.
     */
    CREATION_LEASE_MS: z.optional(z.coerce.number().check(z.int(), z.gte(1_000), z.lte(600_000))),
    HUBSPOT_BASE_URL: z.url(),
    HUBSPOT_AUTHORIZE_URL: z.url(),
    STRIPE_API_URL: z.url(),
    /**
     * Where HubSpot sends the user back after authorizing (the SPA's `/advertisers` page, 000 §2).
     * Unset: the first CORS_ORIGIN + `/advertisers`, or the local web app's default address.
     */
    HUBSPOT_REDIRECT_URI: z.optional(z.url()),
    COMPANY_MATCH_BASE_URL: z.url(),
    /**
     * Our HubSpot app's id: a card call whose `appId` query parameter (added by `hubspot.fetch`) names
     * another app is refused (401). Unset: not checked (the signature still binds our client secret).
     */
    HUBSPOT_APP_ID: z.optional(z.string().check(z.regex(/^\d+$/))),
    /**
     * The web app's base URL, where the picker ticket's `pickerUrl` points (`/public-campaigns-picker`).
     * Unset: the first CORS_ORIGIN, else the local web app's default address.
     */
    WEB_APP_URL: z.optional(z.url()),
    /** `ses` in the cloud; `outbox` posts to the local mail simulator. */
    MAIL_MODE: z.enum(['ses', 'outbox']),
    MAIL_OUTBOX_URL: z.optional(z.url()),
    MAIL_FROM: z._default(z.string(), 'billing@bidgrid.local'),
    /**
     * Cloud only, and only on a job whose work fans out: the SQS queue its worker reads (CDK sets it on
     * that job's Lambda). Unset locally, where the job sends to the local stack's in-process queue.
     */
    JOB_QUEUE_URL: z.optional(z.url()),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.STAGE !== 'local' && env.CORS_ORIGIN.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['CORS_ORIGIN'], message: 'required outside the local stage' });
      }
      if (env.STAGE === 'local' && !env.COGNITO_ENDPOINT) {
        ctx.addIssue({
          code: 'custom',
          path: ['COGNITO_ENDPOINT'],
          message: 'required in the local stage (token issuer)',
        });
      }
      if (env.STAGE !== 'local') {
        for (const key of LOCAL_FAULT_KNOBS) {
          if (env[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'local stage only' });
        }
      }
    }),
  );

export type TConfig = z.infer<typeof ZConfig>;
export type TCoreConfig = z.infer<typeof ZCoreConfig>;

let cached: TConfig | undefined;
let cachedCore: TCoreConfig | undefined;

function parseEnvironment<T>(schema: z.ZodMiniType<T>): T {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** Parses the environment once; throws listing every missing or malformed variable. */
export function config(): TConfig {
  cached ??= parseEnvironment(ZConfig);
  return cached;
}

/** The core settings only (see ZCoreConfig): for adapters that also serve the Cognito trigger. */
export function coreConfig(): TCoreConfig {
  cachedCore ??= parseEnvironment(ZCoreConfig);
  return cachedCore;
}

/**
 * A vendor secret given as the environment variable `SECRET_{name}` (SECRETS_SOURCE=env, the local
 * stack); undefined when unset or empty. In the cloud secrets come from SSM (`adapters/secrets.ts`).
 */
export function secretFromEnvironment(name: string): string | undefined {
  const value = process.env[`SECRET_${name}`];
  return value === undefined || value === '' ? undefined : value;
}

/** Tests only: forget the parsed configuration so a changed environment is read again. */
export function resetConfigForTests(): void {
  cached = undefined;
  cachedCore = undefined;
}

/** Tests only: sets environment variables (lambdas/src/test-env.ts) and forgets the parsed configuration. */
export function setEnvironmentForTests(values: Record<string, string>): void {
  Object.assign(process.env, values);
  cached = undefined;
  cachedCore = undefined;
}
