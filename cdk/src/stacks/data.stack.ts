import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLES } from '@bidgrid/shared/tables';
import type { TableDef, TableId } from '@bidgrid/shared/tables';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { acknowledge } from '../nag';
import { logBucket, privateBucket } from '../storage/buckets';
import { creativeDistribution } from '../storage/creative-cdn';

/** Props of {@link DataStack}. */
export interface DataStackProps extends StackProps {
  readonly config: TStageConfig;
  /** Origins the browser uploads creatives from (presigned PUTs) and reads them from. */
  readonly webOrigins: readonly string[];
}

const attribute = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * State: the DynamoDB tables of `shared/src/tables.ts`, the creative bucket (and the distribution it is
 * read through), the key that
 * encrypts the stage's secrets, and API Gateway's account-level logging role. Nothing here holds
 * code, so code stacks can be replaced freely; in production everything is retained and
 * deletion-protected.
 */
export class DataStack extends Stack {
  readonly tables: Record<TableId, dynamodb.Table>;
  readonly creativeBucket: s3.Bucket;
  /** The distribution creatives are read through (`nosniff`), in front of the private bucket. */
  readonly creativeDistribution: cloudfront.Distribution;
  readonly secretsKey: kms.Key;
  /** API Gateway's CloudWatch role; stages with access logs depend on it. */
  readonly apiGatewayAccount: apigateway.CfnAccount;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const makeTable = (def: TableDef): dynamodb.Table => {
      const table = new dynamodb.Table(this, `${def.id.charAt(0).toUpperCase()}${def.id.slice(1)}Table`, {
        partitionKey: attribute(def.partitionKey),
        ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        ...(def.ttlAttribute ? { timeToLiveAttribute: def.ttlAttribute } : {}),
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        deletionProtection: config.retainData,
        removalPolicy,
      });
      for (const index of def.globalIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      return table;
    };
    this.tables = {
      app: makeTable(TABLES.app),
      reports: makeTable(TABLES.reports),
      connections: makeTable(TABLES.connections),
    };

    this.secretsKey = new kms.Key(this, 'SecretsKey', {
      alias: `alias/${resourcePrefix(config)}-secrets`,
      description: `Encrypts the ${config.stage} vendor secrets (SSM SecureStrings under ${config.secretsPrefix})`,
      enableKeyRotation: true,
      removalPolicy,
    });

    const accessLogs = logBucket(this, 'AccessLogsBucket', config, s3.ObjectOwnership.BUCKET_OWNER_ENFORCED);

    this.creativeBucket = privateBucket(this, 'CreativeBucket', {
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'creatives/',
      // The browser uploads with presigned PUTs and shows previews through presigned GETs.
      cors: [
        {
          allowedOrigins: [...props.webOrigins],
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.PUT],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // A video upload the browser abandons half way leaves parts that cost money and show nowhere.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy,
      autoDeleteObjects: !config.retainData,
    });

    this.creativeDistribution = creativeDistribution(this, this.creativeBucket, config, props.webOrigins);

    // One CloudWatch role per account and region lets API Gateway write REST and WebSocket access
    // logs; it lives with the state so both API stacks can rely on it.
    const apiGatewayLogsRole = new iam.Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    acknowledge(
      apiGatewayLogsRole,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'The AWS-managed policy is the documented one for API Gateway account logging; it only creates and writes log groups named by API Gateway.',
    );
    this.apiGatewayAccount = new apigateway.CfnAccount(this, 'ApiGatewayAccount', {
      cloudWatchRoleArn: apiGatewayLogsRole.roleArn,
    });
    this.apiGatewayAccount.applyRemovalPolicy(RemovalPolicy.RETAIN);

    for (const [key, table] of Object.entries(this.tables)) {
      new CfnOutput(this, `${key}TableName`, { value: table.tableName });
    }
    new CfnOutput(this, 'CreativeBucketName', { value: this.creativeBucket.bucketName });
    new CfnOutput(this, 'CreativeDomainName', { value: this.creativeDistribution.distributionDomainName });
    new CfnOutput(this, 'SecretsKeyAlias', { value: `alias/${resourcePrefix(config)}-secrets` });
  }
}
