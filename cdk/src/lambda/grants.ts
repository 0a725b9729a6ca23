import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { TABLES } from '@bidgrid/shared/tables';
import type { TableId } from '@bidgrid/shared/tables';
import { allowWildcardResource } from '../nag';

/** How much of a store a function may touch. */
export type Access = 'read' | 'readWrite';

/** What one function may reach; everything left out is denied (no statement at all). */
export interface DataAccess {
  readonly tables: Partial<Record<TableId, Access>>;
  readonly bucket?: Access;
  /** Read the stage's secrets (SSM SecureStrings under the prefix, decrypted with the secrets key). */
  readonly secrets: boolean;
  /** Send mail as the stage's SES identity (billing). */
  readonly sendMail?: boolean;
  /** Read users of the stage's user pool (AdminGetUser): agency creation checks its sign-up's user. */
  readonly readUsers?: boolean;
}

/** The stateful resources grants point at (from the data and auth stacks). */
export interface DataResources {
  readonly tables: Record<TableId, dynamodb.ITable>;
  readonly bucket: s3.IBucket;
  readonly secretsKey: kms.IKey;
  readonly secretsPrefix: string;
  readonly sesIdentity: string;
  /** The stage's user pool (from the auth stack). */
  readonly userPoolArn: string;
}

// Explicit actions, never `dynamodb:*` or `Get*`: transactions need no action of their own (IAM
// checks the Put/Update/Delete/ConditionCheck inside them).
const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const OBJECT_READ = ['s3:GetObject'];
const OBJECT_WRITE = ['s3:PutObject', 's3:DeleteObject'];

/**
 * Adds the statements of `access` to a function's role, each scoped to named resources: tables
 * and their named indexes (no `index/*`), the bucket's objects, the stage's SSM path and key, the
 * SES identity. The only wildcards are object keys and parameter names under a named prefix, and
 * each is acknowledged for cdk-nag with that reason.
 */
export function grantDataAccess(role: iam.Role, resources: DataResources, access: DataAccess): void {
  for (const [id, level] of Object.entries(access.tables) as Array<[TableId, Access]>) {
    const table = resources.tables[id];
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: level === 'readWrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ,
        resources: [
          table.tableArn,
          ...TABLES[id].globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`),
        ],
      }),
    );
  }

  if (access.bucket) {
    const objects = resources.bucket.arnForObjects('*');
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: access.bucket === 'readWrite' ? [...OBJECT_READ, ...OBJECT_WRITE] : OBJECT_READ,
        resources: [objects],
      }),
    );
    allowWildcardResource(
      role,
      objects,
      'Creative objects are keyed by agency and id at run time; the statement names the creative bucket and object actions only.',
    );
  }

  if (access.secrets) {
    const stack = Stack.of(role);
    const path = stack.formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: resources.secretsPrefix.slice(1),
    });
    const underPath = `${path}/*`;
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter', 'ssm:GetParameters', 'ssm:GetParametersByPath'],
        resources: [path, underPath],
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Decrypt'],
        resources: [resources.secretsKey.keyArn],
        // The key decrypts only through SSM, so the function cannot use it on arbitrary ciphertext.
        conditions: { StringEquals: { 'kms:ViaService': `ssm.${stack.region}.${stack.urlSuffix}` } },
      }),
    );
    allowWildcardResource(
      role,
      underPath,
      `Vendor secrets are the SSM parameters under this stage's own prefix ${resources.secretsPrefix}; nothing outside it is readable.`,
    );
  }

  if (access.readUsers) {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [resources.userPoolArn] }),
    );
  }

  if (access.sendMail) {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(role).formatArn({ service: 'ses', resource: 'identity', resourceName: resources.sesIdentity }),
        ],
      }),
    );
  }
}
