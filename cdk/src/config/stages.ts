import * as z from '@bidgrid/shared/zod';
import { ZChatWidget } from '@bidgrid/shared/chat-widget';
import { INTERNAL_USERS_COUNT } from '@bidgrid/shared/constants';

/** The cloud stages; `local` is the laptop stack in `cdk/local` and never deployed. */
export const STAGE_NAMES = ['dev', 'prod'] as const;
export type TStageName = (typeof STAGE_NAMES)[number];

const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

/** The evaluation windows AWS WAF rate-based rules offer, in seconds. */
export const WAF_RATE_WINDOWS = [60, 120, 300, 600] as const;

/** A WAF rate-based rule's budget: `requests` (WAF's minimum is 10) per evaluation window. */
export const ZWafRateLimit = z.object({
  requests: z.number().check(z.int(), z.gte(10), z.lte(2_000_000_000)),
  windowSeconds: z.union(WAF_RATE_WINDOWS.map((seconds) => z.literal(seconds))),
});
export type TWafRateLimit = z.infer<typeof ZWafRateLimit>;

/**
 * Everything that differs between dev and prod. Secrets are not here: they live in SSM under
 * `secretsPrefix` (docs/DEPLOY.md) and are read by the Lambdas at cold start.
 */
export const ZStageConfig = z.object({
  stage: z.enum(STAGE_NAMES),
  /** Stacks are named `BidGrid-<stage>-<part>`. */
  stackPrefix: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9-]*$/)),
  /** Deploy target; an unset account means "the account of the current credentials". */
  env: z.object({
    account: z.optional(z.string().check(z.regex(/^\d{12}$/, 'a 12-digit AWS account id'))),
    region: z.string().check(z.regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'an AWS region such as us-east-1')),
  }),
  /** Production keeps data: tables, pool, buckets and the key are retained and deletion-protected. */
  retainData: z.boolean(),
  /** The account-creation allow-list (spec: five internal user names), stored lower-cased. */
  internalUsers: z
    .array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)))
    .check(z.minLength(1), z.maxLength(INTERNAL_USERS_COUNT)),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']),
  /** CloudWatch retention of Lambda and API logs, in days (a value CloudWatch accepts). */
  logRetentionDays: z.union([z.literal(7), z.literal(14), z.literal(30), z.literal(90), z.literal(365)]),
  api: z
    .object({
      /** Steady requests per second across the stage (API Gateway throttling). */
      rateLimit: z.number().check(z.int(), z.positive(), z.lte(10_000)),
      burstLimit: z.number().check(z.int(), z.positive(), z.lte(5_000)),
      /**
       * Requests one user may send per window (a WAF rate rule keyed on the `Authorization`
       * header), so one tenant cannot use up the stage throttle; over it the API answers 429.
       */
      perUser: ZWafRateLimit,
      /** Requests one source IP may send to the public routes per window (webhooks, CRM card, health). */
      perIp: ZWafRateLimit,
    })
    .check(
      z.superRefine((api, ctx) => {
        // One caller at its limit must leave at least half the stage throttle to everybody else.
        for (const key of ['perUser', 'perIp'] as const) {
          const { requests, windowSeconds } = api[key];
          if (requests / windowSeconds > api.rateLimit / 2) {
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `${requests} per ${windowSeconds} s is more than half the stage's ${api.rateLimit} requests a second`,
            });
          }
        }
      }),
    ),
  lambda: z.object({
    memoryMb: z.number().check(z.int(), z.gte(128), z.lte(10_240)),
    /** REST handlers: API Gateway gives up after 29 s, so a longer Lambda would only cost money. */
    restTimeoutSeconds: z.number().check(z.int(), z.gte(3), z.lte(29)),
    /** Realtime handlers answer by posting to the connection, so they may outlive the 29 s integration limit. */
    realtimeTimeoutSeconds: z.number().check(z.int(), z.gte(3), z.lte(900)),
    jobTimeoutSeconds: z.number().check(z.int(), z.gte(3), z.lte(900)),
  }),
  /** Vendor API base URLs (the local stack points the same variables at its simulators). */
  vendors: z.object({
    bidderBaseUrl: httpsUrl,
    hubspotBaseUrl: httpsUrl,
    hubspotAuthorizeUrl: httpsUrl,
    /**
     * Our HubSpot app's id (the developer project's app): card calls whose `appId` names another app
     * answer 401. Unset: not checked (the v3 signature still binds our client secret).
     */
    hubspotAppId: z.optional(z.string().check(z.regex(/^\d+$/, 'a HubSpot app id (digits)'))),
    stripeApiUrl: httpsUrl,
    companyMatchBaseUrl: httpsUrl,
  }),
  mail: z
    .object({
      /** Sender of invoices; must belong to `sesIdentity`. */
      from: z.email(),
      /** The verified SES identity (domain or address) the billing job may send as. */
      sesIdentity: z.string().check(z.minLength(3)),
    })
    .check(
      z.superRefine((mail, ctx) => {
        // SES refuses to send as an address outside the identity, so catch the mismatch at synth.
        const identity = mail.sesIdentity.toLowerCase();
        const domain = mail.from.slice(mail.from.lastIndexOf('@') + 1).toLowerCase();
        if (identity !== mail.from.toLowerCase() && identity !== domain) {
          ctx.addIssue({
            code: 'custom',
            path: ['from'],
            message: `not an address of the SES identity ${mail.sesIdentity}`,
          });
        }
      }),
    ),
  supportUrl: httpsUrl,
  /**
   * The live chat widget (spec 000 §9), the operator's own HubSpot portal: written into the runtime
   * config, and its hosts into both CSPs. Unset (the checked-in stages): no widget, no widget host.
   */
  chatWidget: z.optional(ZChatWidget),
  /**
   * Origins allowed besides the CloudFront one (CORS of the API and the creative bucket), e.g. a
   * developer's Vite server against the dev stage. Never `*`.
   */
  extraWebOrigins: z.array(
    z.url().check(z.refine((u) => URL.canParse(u) && new URL(u).origin === u, 'an origin: scheme://host[:port]')),
  ),
  /** SSM path under which the secrets live (`<prefix>/STRIPE_SECRET_KEY`, ...). */
  secretsPrefix: z.string().check(z.regex(/^(\/[A-Za-z0-9_.-]+)+$/, 'an SSM path such as /bidgrid/dev')),
  /**
   * Who hears of the stage's alarms (the observability stack's SNS topic): an e-mail address that is
   * subscribed to it (AWS mails a confirmation link first). Unset: the topic has no subscriber yet;
   * add one in the console or with `-c alarmEmail=ops@example.org`.
   */
  alarmEmail: z.optional(z.email()),
});
export type TStageConfig = z.infer<typeof ZStageConfig>;
type StageInput = z.input<typeof ZStageConfig>;

// Vendor hosts are the vendors' public API hosts; the bidder host carries the customer's buzz key
// (`bidgrid`), the sandbox one in dev so test campaigns never spend money.
const shared = {
  stackPrefix: 'BidGrid',
  internalUsers: ['ops-admin'],
  supportUrl: 'https://bidgrid.app/support',
  vendors: {
    hubspotBaseUrl: 'https://api.hubapi.com',
    hubspotAuthorizeUrl: 'https://app.hubspot.com/oauth/authorize',
    stripeApiUrl: 'https://api.stripe.com',
    companyMatchBaseUrl: 'https://api.kickfire.com',
  },
  mail: { from: 'billing@bidgrid.app', sesIdentity: 'bidgrid.app' },
};

/** The checked-in stage definitions; context values (`-c key=value`) override some fields. */
export const STAGES: Record<TStageName, StageInput> = {
  dev: {
    ...shared,
    stage: 'dev',
    env: { region: 'us-east-1' },
    retainData: false,
    logLevel: 'debug',
    logRetentionDays: 14,
    // A person clicking through the app sends well under one request a second; a page load about a dozen.
    api: {
      rateLimit: 50,
      burstLimit: 100,
      perUser: { requests: 600, windowSeconds: 60 },
      perIp: { requests: 300, windowSeconds: 60 },
    },
    lambda: { memoryMb: 512, restTimeoutSeconds: 29, realtimeTimeoutSeconds: 300, jobTimeoutSeconds: 900 },
    vendors: { ...shared.vendors, bidderBaseUrl: 'https://bidgrid.sandbox.api.beeswax.com' },
    extraWebOrigins: ['http://localhost:5173'],
    secretsPrefix: '/bidgrid/dev',
  },
  prod: {
    ...shared,
    stage: 'prod',
    env: { region: 'us-east-1' },
    retainData: true,
    logLevel: 'info',
    logRetentionDays: 90,
    api: {
      rateLimit: 500,
      burstLimit: 1_000,
      perUser: { requests: 1_200, windowSeconds: 60 },
      perIp: { requests: 1_200, windowSeconds: 60 },
    },
    lambda: { memoryMb: 1024, restTimeoutSeconds: 29, realtimeTimeoutSeconds: 300, jobTimeoutSeconds: 900 },
    vendors: { ...shared.vendors, bidderBaseUrl: 'https://bidgrid.api.beeswax.com' },
    extraWebOrigins: [],
    secretsPrefix: '/bidgrid/prod',
  },
};

/**
 * Context keys that override the checked-in stage values for one deploy, so an operator never edits
 * code to point at their account: `-c account=123456789012 -c region=eu-west-1
 * -c internalUsers=alice,bob -c mailFrom=billing@example.org -c sesIdentity=example.org
 * -c extraWebOrigins=http://localhost:5173 -c chatWidgetHubspotPortalId=12345678
 * -c alarmEmail=ops@example.org` (an empty `chatWidgetHubspotPortalId=` turns a checked-in widget
 * off, an empty `alarmEmail=` the checked-in subscriber).
 */
export const STAGE_CONTEXT_KEYS = [
  'account',
  'region',
  'internalUsers',
  'mailFrom',
  'sesIdentity',
  'extraWebOrigins',
  'chatWidgetHubspotPortalId',
  'alarmEmail',
] as const;
export type TStageOverrides = Partial<Record<(typeof STAGE_CONTEXT_KEYS)[number], string>>;

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `-c chatWidgetHubspotPortalId=<id>`: HubSpot's chat for that portal; empty: no widget; absent: the stage's. */
function chatWidgetOverride(portalId: string | undefined, stage: StageInput['chatWidget']): StageInput['chatWidget'] {
  if (portalId === undefined) return stage;
  const trimmed = portalId.trim();
  return trimmed === '' ? undefined : { provider: 'hubspot', portalId: trimmed };
}

/**
 * The validated configuration of a stage: the checked-in values with the overrides applied.
 * Throws one error listing every problem (unknown stage, bad account id, too many users...).
 */
export function loadStageConfig(stage: string, overrides: TStageOverrides = {}): TStageConfig {
  if (!(STAGE_NAMES as readonly string[]).includes(stage)) {
    throw new Error(`Unknown stage "${stage}": use -c stage=${STAGE_NAMES.join(' or -c stage=')}`);
  }
  const base = STAGES[stage as TStageName];
  const input: StageInput = {
    ...base,
    env: {
      ...base.env,
      ...(overrides.account ? { account: overrides.account } : {}),
      ...(overrides.region ? { region: overrides.region } : {}),
    },
    ...(overrides.internalUsers !== undefined ? { internalUsers: list(overrides.internalUsers) } : {}),
    mail: {
      from: overrides.mailFrom ?? base.mail.from,
      sesIdentity: overrides.sesIdentity ?? base.mail.sesIdentity,
    },
    ...(overrides.extraWebOrigins !== undefined ? { extraWebOrigins: list(overrides.extraWebOrigins) } : {}),
    chatWidget: chatWidgetOverride(overrides.chatWidgetHubspotPortalId, base.chatWidget),
    ...(overrides.alarmEmail !== undefined ? { alarmEmail: overrides.alarmEmail.trim() || undefined } : {}),
  };
  const parsed = ZStageConfig.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`Invalid stage configuration "${stage}": ${problems}`);
  }
  return parsed.data;
}

/** The physical name prefix of a stage's resources, e.g. `bidgrid-dev`. */
export const resourcePrefix = (config: TStageConfig): string => `${config.stackPrefix.toLowerCase()}-${config.stage}`;
