import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadStageConfig } from '../src/config/stages';
import { allowWildcardResource, flattenCfnValue, wildcardFindings } from '../src/nag';
import { cdkJsonContext } from './support';

function testApp(): App {
  return new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
}

describe('cdk-nag on the app', () => {
  it('fails the synth on a finding nobody acknowledged', () => {
    // Prepare: the real app plus one stack holding a bucket without access logs.
    const app = testApp();
    buildApp(app, loadStageConfig('dev'));
    const extra = new Stack(app, 'Extra');
    new s3.Bucket(extra, 'Unlogged', { enforceSSL: true });

    // Act + Assess
    expect(() => Template.fromStack(extra)).toThrow(/AwsSolutions-S1/);
    // A whole-app synth: seconds on a busy machine, like the stack tests.
  }, 120_000);

  it('acknowledges exactly the allowed wildcard resource and no other', () => {
    // Prepare
    const app = testApp();
    buildApp(app, loadStageConfig('dev'));
    const stack = new Stack(app, 'Wildcards');
    const bucket = new s3.Bucket(stack, 'Bucket', { enforceSSL: true });
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects('*'), 'arn:aws:s3:::other/*'],
      }),
    );
    allowWildcardResource(role, bucket.arnForObjects('*'), 'objects of this bucket');

    // Act
    let message = '';
    try {
      Template.fromStack(stack);
    } catch (error) {
      message = String(error);
    }

    // Assess: the other bucket's wildcard is still reported, the allowed one is not.
    expect(message).toContain('AwsSolutions-IAM5[Resource::arn:aws:s3:::other/*]');
    expect(message).not.toContain('Resource::<Bucket');
  }, 120_000);
});

describe('finding ids', () => {
  it('flattens CloudFormation values the way cdk-nag names them', () => {
    expect(flattenCfnValue({ 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Bucket83908E77', 'Arn'] }, '/*']] })).toBe(
      '<Bucket83908E77.Arn>/*',
    );
    expect(flattenCfnValue({ 'Fn::Join': ['', [{ Ref: 'AWS::Partition' }, ':x']] })).toBe('<AWS::Partition>:x');
    expect(flattenCfnValue({ 'Fn::ImportValue': 'Data:ExportsOutputArn' })).toBe('Data:ExportsOutputArn');
    expect(flattenCfnValue('arn:${AWS::Partition}:s3')).toBe('arn:<AWS::Partition>:s3');
  });

  it('reports wildcard actions and resources of Allow statements only', () => {
    expect(
      wildcardFindings({
        Statement: [
          { Effect: 'Allow', Action: ['s3:GetObject*', 's3:PutObject'], Resource: 'arn:aws:s3:::b/*' },
          { Effect: 'Deny', Action: '*', Resource: '*' },
          { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: ['arn:aws:dynamodb:::table/t'] },
        ],
      }),
    ).toEqual(['Action::s3:GetObject*', 'Resource::arn:aws:s3:::b/*']);
  });
});
