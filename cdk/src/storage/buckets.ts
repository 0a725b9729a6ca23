import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { TStageConfig } from '../config/stages';
import { acknowledge } from '../nag';

/** Props of {@link privateBucket}: any bucket setting except the three every bucket must keep. */
export type PrivateBucketProps = Omit<s3.BucketProps, 'blockPublicAccess' | 'encryption' | 'enforceSSL'>;

/**
 * A bucket no one reaches without credentials: public access blocked, S3-managed encryption,
 * HTTPS only. Every bucket of the app starts from here so none can miss one of the three.
 */
export function privateBucket(scope: Construct, id: string, props: PrivateBucketProps): s3.Bucket {
  return new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    ...props,
  });
}

/**
 * A private bucket that receives access logs: objects expire after the stage's log retention, and
 * the bucket goes with the stage unless the stage retains data. `objectOwnership` differs by
 * writer: S3 server access logs accept BUCKET_OWNER_ENFORCED, CloudFront standard logs are written
 * with ACLs and need OBJECT_WRITER.
 */
export function logBucket(
  scope: Construct,
  id: string,
  config: TStageConfig,
  objectOwnership: s3.ObjectOwnership,
): s3.Bucket {
  const bucket = privateBucket(scope, id, {
    objectOwnership,
    lifecycleRules: [{ expiration: Duration.days(config.logRetentionDays) }],
    removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !config.retainData,
  });
  acknowledge(bucket, 'S1', 'This bucket is the access-log destination; logging it into itself would loop.');
  return bucket;
}
