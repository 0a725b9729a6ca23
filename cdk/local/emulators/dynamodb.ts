import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDef, type TableId } from '@bidgrid/shared/tables';
import type { Logger } from '../support/logger';
import { paths } from '../support/paths';
import { HOST } from '../support/ports';
import { startProcess, type ManagedProcess } from '../support/processes';
import { waitUntil } from '../support/wait';

/** Credentials every local AWS client uses: s3rver only accepts this pair, the others accept anything. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const LOCAL_REGION = 'us-east-1';

/** Physical name of a table in the local stack. */
export const localTableName = (id: TableId): string => `bidgrid-local-${id}`;

/** The DynamoDB Local jar shipped inside `amplify-dynamodb-simulator` (TOOLCHAIN.md). */
const emulatorDir = join(paths.nodeModules, 'amplify-dynamodb-simulator/emulator');

export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly process: ManagedProcess;
}

/**
 * Starts DynamoDB Local on `port`: in memory, or on disk under `dbPath` so data survives restarts.
 * `-sharedDb` keeps one database whatever credentials and region a client uses. The jar has no
 * bind-address option (its Jetty server listens on every interface); it is the one piece of the
 * stack not limited to 127.0.0.1, and clients only ever use the loopback URL.
 */
export function spawnDynamoDb(options: { port: number; dbPath: string | null }, logger: Logger): DynamoDbLocal {
  const storage = options.dbPath === null ? ['-inMemory'] : ['-dbPath', options.dbPath];
  if (options.dbPath !== null) mkdirSync(options.dbPath, { recursive: true });
  const child = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(emulatorDir, 'DynamoDBLocal_lib')}`,
      // A small heap and no JIT tiers beyond C1: the machine has 2 cores shared with a lot of work.
      '-Xms64m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-jar',
      join(emulatorDir, 'DynamoDBLocal.jar'),
      '-port',
      String(options.port),
      '-sharedDb',
      // It would otherwise try to send usage telemetry to AWS at start and on errors.
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: emulatorDir },
    logger,
  );
  return { endpoint: `http://${HOST}:${options.port}`, process: child };
}

/** A client for the local DynamoDB. */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
}

/** Waits until DynamoDB Local answers a request (it takes a few seconds to start the JVM). */
export async function waitForDynamoDb(db: DynamoDbLocal, timeoutMs = 60_000): Promise<void> {
  const client = localDynamoClient(db.endpoint);
  try {
    await waitUntil(
      async () => {
        try {
          await client.send(new ListTablesCommand({ Limit: 1 }));
          return true;
        } catch {
          return undefined;
        }
      },
      {
        timeoutMs,
        message: `DynamoDB Local did not answer within ${timeoutMs / 1000} s at ${db.endpoint}`,
        abort: () =>
          db.process.hasExited()
            ? `DynamoDB Local exited while starting (is Java 17 installed?):\n${db.process.outputTail()}`
            : undefined,
      },
    );
  } finally {
    client.destroy();
  }
}

/** The CreateTable request for one table definition of `shared/src/tables.ts`. */
export function createTableInput(def: TableDef, tableName: string): CreateTableCommandInput {
  const keyNames = new Set<string>([def.partitionKey]);
  if (def.sortKey) keyNames.add(def.sortKey);
  for (const gsi of def.globalIndexes) {
    keyNames.add(gsi.partitionKey);
    if (gsi.sortKey) keyNames.add(gsi.sortKey);
  }
  const attributes: AttributeDefinition[] = [...keyNames].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
  const keySchema = (pk: string, sk?: string) => [
    { AttributeName: pk, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributes,
    KeySchema: keySchema(def.partitionKey, def.sortKey),
    ...(def.globalIndexes.length > 0
      ? {
          GlobalSecondaryIndexes: def.globalIndexes.map((gsi) => ({
            IndexName: gsi.name,
            KeySchema: keySchema(gsi.partitionKey, gsi.sortKey),
            Projection: { ProjectionType: 'ALL' },
          })),
        }
      : {}),
  };
}

/**
 * Creates the tables of `shared/src/tables.ts` that do not exist yet (with their GSIs) and turns
 * on TTL where a table defines it. Existing tables are left as they are, data included.
 * `created` says whether any table was new (its seed data must be written again).
 */
export async function ensureTables(
  endpoint: string,
  logger: Logger,
): Promise<{ names: Record<TableId, string>; created: boolean }> {
  const client = localDynamoClient(endpoint);
  try {
    const existing = new Set<string>();
    let start: string | undefined;
    do {
      const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      for (const name of page.TableNames ?? []) existing.add(name);
      start = page.LastEvaluatedTableName;
    } while (start);

    const names = {} as Record<TableId, string>;
    let created = false;
    for (const def of Object.values(TABLES) as TableDef[]) {
      const name = localTableName(def.id);
      names[def.id] = name;
      if (!existing.has(name)) {
        await client.send(new CreateTableCommand(createTableInput(def, name)));
        created = true;
        logger.debug(`created table ${name}`);
      }
      if (def.ttlAttribute) {
        const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
        if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
          await client.send(
            new UpdateTimeToLiveCommand({
              TableName: name,
              TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
            }),
          );
        }
      }
    }
    return { names, created };
  } finally {
    client.destroy();
  }
}
