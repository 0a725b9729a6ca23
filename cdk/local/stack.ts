import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { operations } from '@bidgrid/shared/api/operations';
import { realtimeEvents } from '@bidgrid/shared/realtime/events';
import type { TChatWidget } from '@bidgrid/shared/chat-widget';
import type { TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import { installThrottleFault } from '@bidgrid/lambdas/adapters/dynamodb-throttle';
import { schedules } from '@bidgrid/lambdas/jobs/schedules';
import { userPoolTriggers } from '@bidgrid/lambdas/triggers/user-pool-triggers';
import {
  cognitoAdminClient,
  ensureUserPool,
  spawnCognitoLocal,
  waitForCognito,
  type CodeDelivery,
} from './emulators/cognito';
import { createCognitoShim } from './emulators/cognito-shim';
import { ensureTables, spawnDynamoDb, waitForDynamoDb } from './emulators/dynamodb';
import { LOCAL_BUCKET, startS3 } from './emulators/s3';
import { loadCognitoAuthorizer } from './gateway/cognito-authorizer';
import { lambdaEnvironment } from './gateway/lambda-env';
import { createLambdaInvokeServer } from './gateway/lambda-invoke';
import { createRestGateway, LOCAL_STAGE, type TokenVerifier } from './gateway/rest';
import { createWsGateway } from './gateway/ws';
import type { LocalStackInfo } from './info';
import { startJobRunner, type JobRunner } from './jobs/job-runner';
import { startJobQueues } from './jobs/job-queues';
import { seeds } from './seed';
import { infoUsers } from './seed/demo-world';
import { runSeeds } from './seed/seed-runner';
import type { SeedModule } from './seed/seed-module';
import { createBidderSimulator } from './simulators/bidder';
import { createCompanyMatchSimulator } from './simulators/company-match';
import { createHubSpotSimulator } from './simulators/hubspot';
import { createMailSimulator } from './simulators/mail';
import { createStripeSimulator } from './simulators/stripe';
import { JsonStore } from './support/json-store';
import type { ManagedProcess } from './support/processes';
import { createLogger, type Logger } from './support/logger';
import { paths } from './support/paths';
import {
  assertPortsFree,
  DEFAULT_PORTS,
  findFreePort,
  HOST,
  listen,
  PORT_LABELS,
  type PortName,
  reservePort,
} from './support/ports';
import { buildRuntimeConfig } from './web/runtime-config';
import { startWebServer } from './web/web-server';

export type WebMode = 'dev' | 'build' | 'none';

export interface LocalStackOptions {
  /** Data folder kept across restarts (default `.data` at the repo root). Ignored when ephemeral. */
  readonly dataDir?: string;
  /** Fresh temporary data, in-memory DynamoDB, every port chosen free; the data is deleted on stop. */
  readonly ephemeral?: boolean;
  /**
   * Every port chosen free while the data stays in `dataDir` (a stack beside `npm start` that is
   * stopped and started again on its data, as the creation bench's restart does). Ephemeral implies it.
   */
  readonly freePorts?: boolean;
  /** How the SPA is served (default `dev`). */
  readonly web?: WebMode;
  /** The live chat widget the SPA loads (and `--web build`'s CSP allows); none by default. */
  readonly chatWidget?: TChatWidget | undefined;
  /** Only warnings and errors (no request log). */
  readonly quiet?: boolean;
  /** Emulator output and handler debug logs. */
  readonly verbose?: boolean;
  /**
   * Fixed ports other than the defaults (not ephemeral), e.g. to run a second stack beside `npm start`.
   * Unnamed services keep their default port.
   */
  readonly ports?: Partial<Record<PortName, number>>;
  readonly logger?: Logger;
}

/** A running local stack. One per process: handlers read the stack's settings from `process.env`. */
export interface LocalStack extends LocalStackInfo {
  /** Milliseconds from the call to ready. */
  readonly readyMs: number;
  /** The SPA's runtime configuration. */
  readonly runtimeConfig: TRuntimeConfig;
  /** Runs a scheduled job now (see `lambdas/src/jobs/schedules.ts`). */
  runJob(name: string): Promise<void>;
  /** Stops every server and child process (and deletes ephemeral data). Safe to call twice. */
  stop(): Promise<void>;
}

/** `<dataDir>/local-stack.json`: ids that must survive restarts. */
interface StackState {
  userPoolId?: string;
  userPoolClientId?: string;
}

/**
 * Starts everything `npm start` and the tests need, on 127.0.0.1: DynamoDB Local (tables of
 * `shared/src/tables.ts`), cognito-local behind the Cognito shim (pool and app client), s3rver
 * (creative bucket), the vendor simulators, the REST and WebSocket gateways running the handlers
 * in-process, the job runner, the web app, and the demo seed. The slow parts start first and in
 * parallel; requests that arrive before the stack is ready wait for it.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const started = performance.now();
  const web: WebMode = options.web ?? 'dev';
  const logger = options.logger ?? createLogger(options.verbose ? 'debug' : options.quiet ? 'warn' : 'info');
  const ephemeral = options.ephemeral ?? false;
  const freePorts = ephemeral || (options.freePorts ?? false);
  const dataDir = ephemeral
    ? mkdtempSync(join(tmpdir(), 'bidgrid-local-'))
    : resolve(options.dataDir ?? paths.defaultDataDir);
  mkdirSync(dataDir, { recursive: true });
  const stateFile = (name: string): string | undefined =>
    ephemeral ? undefined : join(dataDir, 'simulators', `${name}.json`);

  // Everything started so far, stopped in reverse order on failure or stop().
  const stoppers: Array<{ name: string; stop: () => Promise<void> }> = [];
  let stopping: Promise<void> | undefined;
  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      for (const s of stoppers.reverse()) {
        const t0 = performance.now();
        try {
          await s.stop();
          logger.debug(`stopped ${s.name} in ${Math.round(performance.now() - t0)}ms`);
        } catch (error) {
          logger.warn(`stopping ${s.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  /** A child that dies while the stack runs leaves the API half-working: say so loudly. */
  const watch = (child: ManagedProcess, name: string): void => {
    void child.exited.then((code) => {
      if (!stopping) logger.error(`${name} exited unexpectedly (${code}); restart the stack.\n${child.outputTail()}`);
    });
  };
  const closeServer = (server: Server) => (): Promise<void> =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });

  // Requests that arrive while the stack starts wait for this; a failed start fails them.
  let markReady: () => void = () => undefined;
  let markFailed: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((res, rej) => {
    markReady = res;
    markFailed = rej;
  });
  ready.catch(() => undefined);
  let runtimeConfigValue: TRuntimeConfig | undefined;
  const runtimeConfig = ready.then(() => runtimeConfigValue as TRuntimeConfig);
  runtimeConfig.catch(() => undefined);

  try {
    const fixedPort = (name: PortName): number => options.ports?.[name] ?? DEFAULT_PORTS[name];
    if (!freePorts) {
      const names = (Object.keys(DEFAULT_PORTS) as PortName[]).filter((n) => web !== 'none' || n !== 'web');
      await assertPortsFree(names.map((n) => ({ port: fixedPort(n), label: PORT_LABELS[n] })));
    }
    const portFor = (name: PortName): number => (freePorts ? 0 : fixedPort(name));

    // 1. The slow ones first: the JVM and cognito-local start while the rest is set up.
    const dynamo = spawnDynamoDb(
      {
        port: freePorts ? await findFreePort() : fixedPort('dynamodb'),
        dbPath: ephemeral ? null : join(dataDir, 'dynamodb'),
      },
      logger.child('dynamodb'),
    );
    stoppers.push({ name: 'DynamoDB Local', stop: () => dynamo.process.stop() });
    watch(dynamo.process, 'DynamoDB Local');

    let cognitoUpstream = '';
    const shim = createCognitoShim({ upstream: () => cognitoUpstream, logger: logger.child('cognito-shim') });
    const shimPort = await listen(shim, portFor('cognito'), PORT_LABELS.cognito);
    stoppers.push({ name: 'Cognito shim', stop: closeServer(shim) });
    const cognitoEndpoint = `http://${HOST}:${shimPort}`;
    // cognito-local only prints the codes it "e-mails"; they also go to the mail outbox, where a
    // person (or a browser test) reads them as they would read Cognito's e-mail.
    const mail: { outbox?: string } = {};
    const deliverCode = ({ username, destination, code }: CodeDelivery): void => {
      logger.info(`Cognito code for ${username} (${destination}): ${code}`);
      if (!mail.outbox || !destination.includes('@')) return;
      fetch(mail.outbox, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          from: 'no-reply@verificationemail.com',
          to: destination,
          subject: 'Your verification code',
          text: `Your confirmation code is ${code}`,
          html: `<p>Your confirmation code is <strong>${code}</strong></p>`,
        }),
      }).catch((error: unknown) => logger.warn(`could not put the Cognito code in the outbox: ${String(error)}`));
    };
    // The pool's triggers (PreSignUp: sign-up tickets) run here, in-process, like the REST handlers;
    // cognito-local calls them through the Lambda Invoke API, so its port is known before it starts.
    const lambdas = createLambdaInvokeServer({
      functions: new Map(userPoolTriggers.map((t) => [t.trigger, join(paths.triggerHandlers, t.handlerFile)])),
      ready,
      logger: logger.child('triggers'),
    });
    const lambdaPort = await listen(lambdas, 0, 'Lambda endpoint (Cognito triggers)');
    stoppers.push({ name: 'Lambda endpoint', stop: closeServer(lambdas) });
    const cognito = spawnCognitoLocal(
      {
        port: await findFreePort(),
        dataDir,
        issuerUrl: cognitoEndpoint,
        onCodeDelivery: deliverCode,
        triggers: {
          lambdaEndpoint: `http://${HOST}:${lambdaPort}`,
          // Named after the trigger: cognito-local puts the function name where Cognito puts the
          // trigger's ("PreSignUp failed with error ..."), so the local message reads like the cloud's.
          functions: Object.fromEntries(userPoolTriggers.map((t) => [t.trigger, t.trigger])),
        },
      },
      logger.child('cognito-local'),
    );
    cognitoUpstream = cognito.endpoint;
    stoppers.push({ name: 'cognito-local', stop: () => cognito.process.stop() });
    watch(cognito.process, 'cognito-local');

    // 2. Servers of our own: bound now, serving once the stack is ready.
    // Held from now on, though the web app serves only after its build (a minute on a fresh clone).
    const webReservation = web === 'none' ? null : await reservePort(portFor('web'), PORT_LABELS.web);
    if (webReservation) stoppers.push({ name: 'web app port', stop: () => webReservation.release() });
    const webPort = webReservation?.port ?? null;
    const webUrl = webPort === null ? null : `http://${HOST}:${webPort}`;
    const s3 = await startS3({
      port: portFor('s3'),
      directory: join(dataDir, 's3'),
      webOrigins: webPort === null ? [] : [`http://${HOST}:${webPort}`, `http://localhost:${webPort}`],
    });
    stoppers.push({ name: 's3rver', stop: () => s3.stop() });

    const simLogger = logger.child('simulator');
    const stripeSimulator = createStripeSimulator({ stateFile: stateFile('stripe'), logger: simLogger });
    const hubspotSimulator = createHubSpotSimulator({ stateFile: stateFile('hubspot'), logger: simLogger });
    const sims = {
      bidder: createBidderSimulator({ stateFile: stateFile('bidder'), logger: simLogger }).server,
      hubspot: hubspotSimulator.server,
      stripe: stripeSimulator.server,
      companyMatch: createCompanyMatchSimulator({ logger: simLogger }).server,
      mail: createMailSimulator({ stateFile: stateFile('mail'), logger: simLogger }).server,
    };
    const simUrls = {} as Record<keyof typeof sims, string>;
    for (const [name, server] of Object.entries(sims) as Array<[keyof typeof sims, Server]>) {
      const port = await listen(server, portFor(name), PORT_LABELS[name]);
      stoppers.push({ name: PORT_LABELS[name], stop: closeServer(server) });
      simUrls[name] = `http://${HOST}:${port}`;
    }
    mail.outbox = `${simUrls.mail}/outbox`;

    // The queues of the jobs that fan out, before the gateway: its job route sends to them.
    const jobQueues = startJobQueues({ schedules, jobsDir: paths.jobHandlers, logger: logger.child('jobs') });
    stoppers.push({
      name: 'job queues',
      stop: () => Promise.race([jobQueues.stop(), new Promise<void>((r) => setTimeout(r, 5_000).unref())]),
    });
    let verifier: Promise<TokenVerifier> | undefined;
    const gatewayLogger = logger.child('gateway');
    const rest = createRestGateway({
      operations,
      verifier: () => (verifier ??= loadCognitoAuthorizer()),
      ready,
      logger: gatewayLogger,
      logRequests: !options.quiet,
      jobs: { schedules, jobsDir: paths.jobHandlers, queues: jobQueues },
      apiDocs: { urls: runtimeConfig.then(({ apiUrl, wsUrl }) => ({ apiUrl, wsUrl })) },
    });
    const restPort = await listen(rest, portFor('rest'), PORT_LABELS.rest);
    stoppers.push({ name: 'REST gateway', stop: closeServer(rest) });
    // Payment events go to the webhook operation, signed with the local webhook secret.
    stripeSimulator.setWebhookEndpoint(`http://${HOST}:${restPort}/public/stripe/webhook`);
    // The app card the CRM simulator plays calls the public CRM card API.
    hubspotSimulator.setCardApiUrl(`http://${HOST}:${restPort}`);
    const ws = createWsGateway({ events: realtimeEvents, ready, logger: gatewayLogger, logRequests: !options.quiet });
    const wsPort = await listen(ws.server, portFor('ws'), PORT_LABELS.ws);
    stoppers.push({
      name: 'WebSocket gateway',
      stop: async () => {
        ws.closeAll();
        await closeServer(ws.server)();
      },
    });

    if (webReservation) {
      const webServer = await startWebServer({
        mode: web === 'build' ? 'build' : 'dev',
        port: webReservation,
        runtimeConfig,
        storageUrl: s3.endpoint,
        logger: logger.child('web'),
        quiet: options.quiet ?? false,
      });
      stoppers.push({ name: 'web app', stop: () => webServer.stop() });
    }

    // 3. Emulators answer: pool, client, tables.
    const state = new JsonStore<StackState>(join(dataDir, 'local-stack.json'), () => ({}));
    await waitForCognito(cognito);
    const pool = await ensureUserPool(cognitoAdminClient(cognito.endpoint), state.data, logger);
    state.update((s) => {
      s.userPoolId = pool.userPoolId;
      s.userPoolClientId = pool.userPoolClientId;
    });
    await waitForDynamoDb(dynamo);
    const tables = await ensureTables(dynamo.endpoint, logger);

    const apiUrl = `http://${HOST}:${restPort}`;
    const wsUrl = `ws://${HOST}:${wsPort}/${LOCAL_STAGE}`;
    const wsManagementUrl = `http://${HOST}:${wsPort}/${LOCAL_STAGE}`;
    const info: LocalStackInfo = {
      webUrl,
      apiUrl,
      wsUrl,
      wsManagementUrl,
      dynamodbEndpoint: dynamo.endpoint,
      cognitoEndpoint,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      s3Endpoint: s3.endpoint,
      bucket: LOCAL_BUCKET,
      tables: tables.names,
      simulators: simUrls,
      users: infoUsers(),
      dataDir,
    };

    // 4. The handlers' environment, before any handler or repository module is imported.
    Object.assign(
      process.env,
      lambdaEnvironment({
        tables: tables.names,
        dynamodbEndpoint: dynamo.endpoint,
        s3Endpoint: s3.endpoint,
        bucket: LOCAL_BUCKET,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        cognitoEndpoint,
        wsManagementUrl,
        simulators: simUrls,
        verbose: options.verbose ?? false,
        webUrl,
      }),
    );
    // The DynamoDB throttling fault (disarmed) in the handlers' one client; production never has it.
    installThrottleFault();
    runtimeConfigValue = buildRuntimeConfig({
      apiUrl,
      wsUrl,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      cognitoEndpoint,
      paymentsUrl: simUrls.stripe,
      chatWidget: options.chatWidget,
    });

    // 5. The demo world, once per data folder.
    const freshStores = new Set<SeedModule['store']>();
    if (pool.created) freshStores.add('cognito');
    if (tables.created) freshStores.add('dynamodb');
    const seeded = await runSeeds(
      seeds,
      { cognito: cognitoAdminClient(cognito.endpoint), userPoolId: pool.userPoolId, logger: logger.child('seed') },
      { dataDir, freshStores },
    );
    if (seeded.length > 0) logger.debug(`seeded: ${seeded.join(', ')}`);

    const jobs: JobRunner = startJobRunner({
      schedules,
      jobsDir: paths.jobHandlers,
      logger: logger.child('jobs'),
      logRuns: !options.quiet,
      queues: jobQueues,
    });
    stoppers.push({
      name: 'job runner',
      // Do not hold the shutdown for a long job: the process is going away.
      stop: () => Promise.race([jobs.stop(), new Promise<void>((r) => setTimeout(r, 5_000).unref())]),
    });

    markReady();
    return {
      ...info,
      readyMs: Math.round(performance.now() - started),
      runtimeConfig: runtimeConfigValue,
      runJob: (name) => jobs.runNow(name),
      stop: stopAll,
    };
  } catch (error) {
    markFailed(error);
    await stopAll();
    throw error;
  }
}
