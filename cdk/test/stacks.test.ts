import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { operations } from '@bidgrid/shared/api/operations';
import { realtimeEvents } from '@bidgrid/shared/realtime/events';
import { TABLES } from '@bidgrid/shared/tables';
import { RUNTIME_CONFIG_ELEMENT_ID, ZRuntimeConfig } from '@bidgrid/shared/runtime-config';
import { HUBSPOT_CHAT_WIDGET_HOSTS } from '@bidgrid/shared/chat-widget';
import { parseContentSecurityPolicy, PICKER_PATH } from '@bidgrid/shared/content-security-policy';
import { openApiProblems } from '@bidgrid/shared/test/openapi-structure';
import { referencePageContentSecurityPolicy } from '@bidgrid/shared/api/openapi/reference-page';
import { API_REPLY_HEADERS, TOO_MANY_REQUESTS_ERROR } from '@bidgrid/shared/api/envelope';
import { schedules } from '@bidgrid/lambdas/manifest';
import { ACCESS_TOKEN_SCOPE, NOT_IMPLEMENTED } from '../src/api/feature-routes.nested';
import { API_DESCRIPTION_PATHS } from '../src/stacks/api.stack';
import { coreLambdaEnvironment, lambdaEnvironment } from '../src/lambda/environment';
import { operationEntry, realtimeEntry } from '../src/lambda/entries';
import { loadStageConfig } from '../src/config/stages';
import { runtimeConfig } from '../src/stacks/web-content.stack';
import { cloudContentSecurityPolicy, WebStack } from '../src/stacks/web.stack';
import {
  cdkJsonContext,
  deployedContents,
  deployedFiles,
  missingRoutes,
  resourcesOfType,
  synthStage,
  templateRoutes,
} from './support';
import type { SynthesizedStage, TemplateJson, TemplateRoute } from './support';

const scratch: string[] = [];
const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

let dev: SynthesizedStage;
let routes: TemplateRoute[];

beforeAll(() => {
  dev = synthStage('dev');
  routes = templateRoutes(dev, dev.stacks.api);
}, 120_000);

const allTemplates = (): Array<[string, TemplateJson]> => [...dev.templates.entries()];
/** The rules of the API's web ACL. */
const webAclRules = (template: TemplateJson): unknown[] =>
  (resourcesOfType(template, 'AWS::WAFv2::WebACL')[0]?.[1]['Rules'] ?? []) as unknown[];
// aws-cdk-lib's own helpers (auto-delete objects, bucket deployment) have `Custom...` logical ids.
const ourFunctions = (template: TemplateJson) =>
  resourcesOfType(template, 'AWS::Lambda::Function').filter(([id]) => !id.startsWith('Custom'));

describe('REST API routes', () => {
  it('serves every operation of the table, with nothing missing', () => {
    // Assess
    expect(missingRoutes(routes, operations)).toEqual([]);
    const nonPreflight = routes.filter(
      (r) => r.method !== 'OPTIONS' && !(API_DESCRIPTION_PATHS as readonly string[]).includes(r.path),
    );
    expect(nonPreflight).toHaveLength(operations.length);
  });

  it("redirects GET /openapi.json and /reference to the API's description beside the SPA, with no token", () => {
    // Prepare
    const parent = dev.template(dev.stacks.api);
    const redirectOf = (path: string) => {
      const route = routes.find((r) => r.method === 'GET' && r.path === path);
      const method = resourcesOfType(parent, 'AWS::ApiGateway::Method').find(
        ([, p]) => p['HttpMethod'] === 'GET' && JSON.stringify(p).includes(`${path}'`),
      )?.[1];
      const integration = method?.['Integration'] as {
        IntegrationResponses: Array<{ StatusCode: string; ResponseParameters: Record<string, unknown> }>;
      };
      return { route, response: integration.IntegrationResponses[0] };
    };

    for (const path of ['/openapi.json', '/reference']) {
      // Act
      const { route, response } = redirectOf(path);
      // Assess: the Location is the CloudFront origin (the web stack's export) and the path
      expect(route?.authorizationType, path).toBe('NONE');
      expect(route?.integrationType, path).toBe('MOCK');
      expect(response?.StatusCode, path).toBe('302');
      const location = JSON.stringify(response?.ResponseParameters['method.response.header.Location']);
      expect(location, path).toContain('BidGrid-dev-Web');
      expect(location, path).toContain(`${path}'`);
    }
  });

  it("gives API Gateway's own replies no-store and nosniff: its errors, WAF's 429, the redirects, the 501 placeholders", () => {
    // Prepare: the dev stage, and one without handler files (every operation a 501 placeholder).
    const quoted = Object.entries(API_REPLY_HEADERS).map(([name, value]) => [name, `'${value}'`] as const);
    const parent = dev.template(dev.stacks.api);
    const root = scratchDir('bidgrid-no-handlers-');
    mkdirSync(join(root, 'ws'));
    mkdirSync(join(root, 'http'));
    for (const file of ['connect', 'disconnect']) {
      writeFileSync(
        join(root, 'ws', `${file}.handler.ts`),
        'export const handler = async () => ({ statusCode: 200 });\n',
      );
    }
    const placeholders = synthStage('dev', { lambdasRoot: root, operations: operations.slice(0, 2) });
    const integrationResponses = (template: TemplateJson, status: string) =>
      resourcesOfType(template, 'AWS::ApiGateway::Method').flatMap(([, p]) => {
        const integration = p['Integration'] as { IntegrationResponses?: Array<Record<string, unknown>> } | undefined;
        return (integration?.IntegrationResponses ?? []).filter((r) => r['StatusCode'] === status);
      });
    const mocks = [
      ...integrationResponses(parent, '302'),
      ...[...placeholders.stacks.api.features.values()].flatMap((nested) =>
        integrationResponses(placeholders.template(nested), '501'),
      ),
    ];
    const gatewayResponses = resourcesOfType(parent, 'AWS::ApiGateway::GatewayResponse').map(([, p]) => p);
    const wafHeaders = (
      webAclRules(parent) as Array<{
        Action: { Block?: { CustomResponse?: { ResponseHeaders: Array<{ Name: string; Value: unknown }> } } };
      }>
    ).map((rule) => rule.Action.Block?.CustomResponse?.ResponseHeaders ?? []);

    // Assess
    expect(gatewayResponses.map((p) => p['ResponseType']).sort()).toEqual(['DEFAULT_4XX', 'DEFAULT_5XX', 'THROTTLED']);
    for (const response of gatewayResponses) {
      for (const [name, value] of quoted) {
        expect(response['ResponseParameters'], `${String(response['ResponseType'])} ${name}`).toHaveProperty(
          [`gatewayresponse.header.${name}`],
          value,
        );
      }
    }
    expect(mocks).toHaveLength(API_DESCRIPTION_PATHS.length + 2);
    for (const response of mocks) {
      for (const [name, value] of quoted) {
        expect(response['ResponseParameters'], name).toHaveProperty([`method.response.header.${name}`], value);
      }
    }
    expect(wafHeaders).toHaveLength(2);
    for (const headers of wafHeaders) {
      expect(headers).toEqual(
        expect.arrayContaining(Object.entries(API_REPLY_HEADERS).map(([Name, Value]) => ({ Name, Value }))),
      );
    }
  }, 120_000);

  it('notices an operation that has no route', () => {
    // Prepare
    const unrouted = defineOperation({
      name: 'listUnroutedThings',
      method: 'GET',
      path: '/api/unrouted/things',
      auth: 'user',
      response: z.array(z.string()),
      summary: 'An operation the deployed API does not know.',
      specRef: 'test',
    });

    // Act
    const missing = missingRoutes(routes, [...operations, unrouted]);

    // Assess
    expect(missing).toEqual(['listUnroutedThings']);
  });

  it('gives each implemented operation its own Lambda and the others a 501 placeholder', () => {
    for (const op of operations) {
      // Prepare
      const route = routes.find((r) => r.method === op.method && r.path === op.path);
      const template = dev.templates.get(route?.stackPath ?? '');

      // Assess
      expect(route, op.name).toBeDefined();
      if (operationEntry(op)) {
        expect(route?.integrationType, op.name).toBe('AWS_PROXY');
        const fn = template?.Resources[route?.functionId ?? ''];
        expect(fn?.Type, op.name).toBe('AWS::Lambda::Function');
        expect(fn?.Properties?.['Description'], op.name).toContain(`${op.method} ${op.path}`);
      } else {
        expect(route?.integrationType, op.name).toBe('MOCK');
        const method = resourcesOfType(template as TemplateJson, 'AWS::ApiGateway::Method').find(
          ([, p]) => p['OperationName'] === op.name,
        );
        const integration = method?.[1]['Integration'] as {
          IntegrationResponses: Array<{ StatusCode: string; ResponseTemplates: Record<string, string> }>;
        };
        expect(integration.IntegrationResponses[0]?.StatusCode).toBe('501');
        expect(JSON.parse(integration.IntegrationResponses[0]?.ResponseTemplates['application/json'] ?? '')).toEqual(
          NOT_IMPLEMENTED,
        );
      }
    }
    const implemented = operations.filter((op) => operationEntry(op)).length;
    const functions = [...dev.stacks.api.features.values()].reduce(
      (sum, nested) => sum + ourFunctions(dev.template(nested)).length,
      0,
    );
    expect(functions).toBe(implemented);
    expect(implemented).toBeGreaterThan(0);
  });

  it('puts the Cognito authorizer, with the access-token scope, on every /api route and every user operation', () => {
    // Prepare
    const [authorizerId, authorizer] =
      resourcesOfType(dev.template(dev.stacks.api), 'AWS::ApiGateway::Authorizer')[0] ?? [];

    // Assess
    expect(authorizer?.['Type']).toBe('COGNITO_USER_POOLS');
    expect(authorizer?.['IdentitySource']).toBe('method.request.header.Authorization');
    for (const route of routes.filter((r) => r.method !== 'OPTIONS')) {
      const op = operations.find((o) => o.method === route.method && o.path === route.path);
      const needsToken = route.path.startsWith('/api/') || op?.auth === 'user';
      if (needsToken) {
        expect(route.authorizationType, route.path).toBe('COGNITO_USER_POOLS');
        expect(route.authorizer, route.path).toBe(authorizerId);
        expect(route.authorizationScopes, route.path).toEqual([ACCESS_TOKEN_SCOPE]);
      } else {
        expect(route.authorizationType, route.path).toBe('NONE');
      }
    }
    // The spec's /public/agency/create is a user operation: it is behind the authorizer too.
    const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    expect(route('POST', '/public/agency/create')?.authorizationType).toBe('COGNITO_USER_POOLS');
    expect(route('GET', '/public/health')?.authorizationType).toBe('NONE');
  });

  it('answers CORS preflights for the web origins only, never *', () => {
    // Prepare
    const preflights = routes.filter((r) => r.method === 'OPTIONS');
    const parent = dev.template(dev.stacks.api);
    const optionsMethods = resourcesOfType(parent, 'AWS::ApiGateway::Method').filter(
      ([, p]) => p['HttpMethod'] === 'OPTIONS',
    );

    // Assess
    expect(new Set(preflights.map((r) => r.path))).toEqual(new Set(operations.map((o) => o.path)));
    for (const [, method] of optionsMethods) {
      expect(JSON.stringify(method)).not.toContain("'*'");
      expect(method['AuthorizationType']).toBe('NONE');
      // The public campaign picker sends its ticket in a header of ours.
      expect(JSON.stringify(method)).toContain('X-BidGrid-Picker-Ticket');
    }
  });

  it('makes a new deployment whenever the routes change, so the stage serves them', () => {
    // Prepare
    const deploymentId = (synth: SynthesizedStage) =>
      resourcesOfType(synth.template(synth.stacks.api), 'AWS::ApiGateway::Deployment')[0]?.[0];
    const fewer = synthStage('dev', { operations: operations.filter((op) => op.name !== 'getPlaybooks') });

    // Assess
    expect(deploymentId(dev)).toBeDefined();
    expect(deploymentId(fewer)).not.toBe(deploymentId(dev));
    expect(deploymentId(synthStage('dev'))).toBe(deploymentId(dev));
  }, 120_000);

  it('deploys the stage with throttling, access logs and no data tracing', () => {
    // Prepare
    const [, stage] = resourcesOfType(dev.template(dev.stacks.api), 'AWS::ApiGateway::Stage')[0] ?? [];
    const settings = (stage?.['MethodSettings'] as Array<Record<string, unknown>>)[0];

    // Assess
    expect(stage?.['StageName']).toBe('dev');
    expect(stage?.['AccessLogSetting']).toBeDefined();
    expect(settings).toMatchObject({
      DataTraceEnabled: false,
      LoggingLevel: 'ERROR',
      ThrottlingRateLimit: 50,
      ThrottlingBurstLimit: 100,
    });
  });
});

describe('API rate limits', () => {
  const envelope429 = { success: false, payload: null, error: TOO_MANY_REQUESTS_ERROR };
  interface WafRule {
    Name: string;
    Action: {
      Block?: {
        CustomResponse?: {
          ResponseCode: number;
          CustomResponseBodyKey: string;
          ResponseHeaders: Array<{ Name: string; Value: unknown }>;
        };
      };
    };
    Statement: {
      RateBasedStatement: {
        Limit: number;
        EvaluationWindowSec: number;
        AggregateKeyType: string;
        CustomKeys?: Array<{ Header?: { Name: string } }>;
        ScopeDownStatement?: { RegexMatchStatement?: { RegexString: string; FieldToMatch: Record<string, unknown> } };
      };
    };
  }
  const webAcl = () => {
    const [id, acl] = resourcesOfType(dev.template(dev.stacks.api), 'AWS::WAFv2::WebACL')[0] ?? [];
    return { id, acl, rules: (acl?.['Rules'] ?? []) as WafRule[] };
  };

  it('puts a web ACL on the stage, which lets through what no rule blocks', () => {
    // Prepare
    const { id, acl } = webAcl();
    const template = dev.template(dev.stacks.api);
    const [, association] = resourcesOfType(template, 'AWS::WAFv2::WebACLAssociation')[0] ?? [];
    const [stageId] = resourcesOfType(template, 'AWS::ApiGateway::Stage')[0] ?? [];
    const [restApiId] = resourcesOfType(template, 'AWS::ApiGateway::RestApi')[0] ?? [];

    // Assess
    expect(acl?.['Scope']).toBe('REGIONAL');
    expect(acl?.['DefaultAction']).toEqual({ Allow: {} });
    expect(association?.['WebACLArn']).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    const arn = JSON.stringify(association?.['ResourceArn']);
    expect(arn).toContain(`{"Ref":"${restApiId}"}`);
    expect(arn).toContain(`"/stages/",{"Ref":"${stageId}"}`);
  });

  it("counts each user's requests by their Authorization header and blocks the excess with 429 and the envelope", () => {
    // Prepare
    const { acl, rules } = webAcl();
    const perUser = rules.find((r) => r.Statement.RateBasedStatement.AggregateKeyType === 'CUSTOM_KEYS');
    const { api } = loadStageConfig('dev');
    const response = perUser?.Action.Block?.CustomResponse;
    const bodies = acl?.['CustomResponseBodies'] as Record<string, { ContentType: string; Content: string }>;

    // Assess
    expect(perUser?.Statement.RateBasedStatement).toMatchObject({
      Limit: api.perUser.requests,
      EvaluationWindowSec: api.perUser.windowSeconds,
    });
    expect(perUser?.Statement.RateBasedStatement.CustomKeys?.map((k) => k.Header?.Name)).toEqual(['authorization']);
    expect(response?.ResponseCode).toBe(429);
    const body = bodies[response?.CustomResponseBodyKey ?? ''];
    expect(body?.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body?.Content ?? '')).toEqual(envelope429);
    // The SPA can only read the reply (and show its text) when it carries its CORS origin.
    const headers = Object.fromEntries((response?.ResponseHeaders ?? []).map((h) => [h.Name, h.Value]));
    expect(headers['Retry-After']).toBe(String(api.perUser.windowSeconds));
    expect(JSON.stringify(headers['Access-Control-Allow-Origin'])).toMatch(
      /^\{"Fn::Join":\["",\["https:\/\/",\{"Fn::ImportValue":"BidGrid-dev-Web:/,
    );
  });

  it('counts requests to the public routes per source IP', () => {
    // Prepare
    const { rules } = webAcl();
    const perIp = rules.find((r) => r.Statement.RateBasedStatement.AggregateKeyType === 'IP');
    const { api } = loadStageConfig('dev');
    const scope = perIp?.Statement.RateBasedStatement.ScopeDownStatement?.RegexMatchStatement;
    const pattern = new RegExp(scope?.RegexString ?? '^$');

    // Assess: WAF sees the path with the stage in front on the execute-api host, without it behind a custom domain
    expect(perIp?.Statement.RateBasedStatement).toMatchObject({
      Limit: api.perIp.requests,
      EvaluationWindowSec: api.perIp.windowSeconds,
    });
    expect(perIp?.Action.Block?.CustomResponse?.ResponseCode).toBe(429);
    expect(Object.keys(scope?.FieldToMatch ?? {})).toEqual(['UriPath']);
    for (const path of ['/dev/public/health', '/public/stripe/webhook', '/prod/public/crmcard/x']) {
      expect(pattern.test(path), path).toBe(true);
    }
    for (const path of ['/dev/api/campaigns', '/dev/api/x/public/y', '/publicity', '/dev/publicx/y']) {
      expect(pattern.test(path), path).toBe(false);
    }
  });

  it("answers API Gateway's own stage throttling with 429, the envelope and CORS too", () => {
    // Prepare
    const [, throttled] =
      resourcesOfType(dev.template(dev.stacks.api), 'AWS::ApiGateway::GatewayResponse').find(
        ([, p]) => p['ResponseType'] === 'THROTTLED',
      ) ?? [];

    // Assess
    expect(throttled?.['StatusCode']).toBe('429');
    const templates = throttled?.['ResponseTemplates'] as Record<string, string>;
    expect(JSON.parse(templates['application/json'] ?? '')).toEqual(envelope429);
    expect(Object.keys(throttled?.['ResponseParameters'] as object)).toContain(
      'gatewayresponse.header.Access-Control-Allow-Origin',
    );
  });
});

describe('data stack', () => {
  it('creates every shared table on demand with point-in-time recovery and TTL where defined', () => {
    // Prepare
    const tables = resourcesOfType(dev.template(dev.stacks.data), 'AWS::DynamoDB::Table');

    // Assess
    expect(tables).toHaveLength(Object.keys(TABLES).length);
    for (const def of Object.values(TABLES)) {
      const logicalPrefix = `${def.id.charAt(0).toUpperCase()}${def.id.slice(1)}Table`;
      const table = tables.find(([id]) => id.startsWith(logicalPrefix))?.[1];
      expect(table, def.id).toBeDefined();
      expect(table?.['BillingMode']).toBe('PAY_PER_REQUEST');
      expect(table?.['PointInTimeRecoverySpecification']).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table?.['KeySchema']).toContainEqual({ AttributeName: def.partitionKey, KeyType: 'HASH' });
      expect((table?.['GlobalSecondaryIndexes'] as unknown[] | undefined)?.length ?? 0).toBe(def.globalIndexes.length);
      if ('ttlAttribute' in def) {
        expect(table?.['TimeToLiveSpecification']).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
      }
    }
  });

  it('keeps every bucket private, SSL-only and encrypted', () => {
    for (const [path, template] of allTemplates()) {
      const policies = resourcesOfType(template, 'AWS::S3::BucketPolicy');
      for (const [id, bucket] of resourcesOfType(template, 'AWS::S3::Bucket')) {
        expect(bucket['PublicAccessBlockConfiguration'], `${path} ${id}`).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket['BucketEncryption'], `${path} ${id}`).toBeDefined();
        const policy = policies.find(([, p]) => JSON.stringify(p['Bucket']).includes(id))?.[1];
        expect(JSON.stringify(policy), `${path} ${id}`).toContain('"aws:SecureTransport":"false"');
      }
    }
  });

  it("reads creatives through CloudFront with nosniff, the signed query and the bucket's own Host, nothing cached", () => {
    // Prepare
    const template = dev.template(dev.stacks.data);
    const [bucketId] =
      resourcesOfType(template, 'AWS::S3::Bucket').find(([id]) => id.startsWith('CreativeBucket')) ?? [];
    const [, distribution] = resourcesOfType(template, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.['DistributionConfig'] as {
      Origins: Array<{ DomainName: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string } }>;
      DefaultCacheBehavior: {
        ViewerProtocolPolicy: string;
        CachePolicyId: string;
        OriginRequestPolicyId: string;
        ResponseHeadersPolicyId: unknown;
        AllowedMethods: string[];
      };
    };
    const [, headers] = resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy')[0] ?? [];
    const security = (
      headers?.['ResponseHeadersPolicyConfig'] as {
        SecurityHeadersConfig: { ContentTypeOptions?: { Override: boolean }; ContentSecurityPolicy?: unknown };
      }
    ).SecurityHeadersConfig;

    // Assess
    expect(config.Origins[0]?.DomainName).toEqual({ 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] });
    expect(config.Origins[0]?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('https-only');
    expect(config.DefaultCacheBehavior.AllowedMethods).toEqual(['GET', 'HEAD']);
    // The managed CachingDisabled and AllViewerExceptHostHeader policies.
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(config.DefaultCacheBehavior.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(JSON.stringify(security.ContentSecurityPolicy)).toContain('sandbox');
  });

  it('lets only the web origins use the creative bucket from a browser, and aborts abandoned uploads', () => {
    // Prepare
    const bucket = resourcesOfType(dev.template(dev.stacks.data), 'AWS::S3::Bucket').find(
      ([, p]) => p['CorsConfiguration'] !== undefined,
    )?.[1];
    const rule = (bucket?.['CorsConfiguration'] as { CorsRules: Array<{ AllowedOrigins: unknown[] }> }).CorsRules[0];

    // Assess
    expect(rule?.AllowedOrigins).not.toContain('*');
    expect(rule?.AllowedOrigins).toContain('http://localhost:5173');
    expect(JSON.stringify(bucket?.['LifecycleConfiguration'])).toContain('AbortIncompleteMultipartUpload');
  });

  it('retains and protects state in production only', () => {
    // Prepare
    const prod = synthStage('prod');
    const prodData = prod.template(prod.stacks.data);
    const devData = dev.template(dev.stacks.data);

    // Assess
    for (const [id, table] of resourcesOfType(prodData, 'AWS::DynamoDB::Table')) {
      expect(table['DeletionProtectionEnabled'], id).toBe(true);
      expect(prodData.Resources[id]?.DeletionPolicy).toBe('Retain');
    }
    for (const [id] of resourcesOfType(devData, 'AWS::DynamoDB::Table')) {
      expect(devData.Resources[id]?.DeletionPolicy).toBe('Delete');
    }
    const [poolId, pool] = resourcesOfType(prod.template(prod.stacks.auth), 'AWS::Cognito::UserPool')[0] ?? [];
    expect(pool?.['DeletionProtection']).toBe('ACTIVE');
    expect(prod.template(prod.stacks.auth).Resources[poolId ?? '']?.DeletionPolicy).toBe('Retain');
  }, 120_000);
});

describe('auth stack', () => {
  it('signs in by username with a verified e-mail, 8+ character passwords and the web client flows', () => {
    // Prepare
    const template = dev.template(dev.stacks.auth);
    const [, pool] = resourcesOfType(template, 'AWS::Cognito::UserPool')[0] ?? [];
    const [, client] = resourcesOfType(template, 'AWS::Cognito::UserPoolClient')[0] ?? [];

    // Assess
    expect(pool?.['UsernameAttributes']).toBeUndefined();
    expect(pool?.['AutoVerifiedAttributes']).toEqual(['email']);
    expect((pool?.['Policies'] as { PasswordPolicy: { MinimumLength: number } }).PasswordPolicy.MinimumLength).toBe(8);
    expect(client?.['ExplicitAuthFlows']).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(client?.['GenerateSecret']).toBe(false);
  });
});

describe('auth stack: only ticketed sign-ups', () => {
  const authTemplate = () => dev.template(dev.stacks.auth);
  const triggerOf = (template: TemplateJson) => {
    const [, pool] = resourcesOfType(template, 'AWS::Cognito::UserPool')[0] ?? [];
    const arn = (pool?.['LambdaConfig'] as { PreSignUp?: { 'Fn::GetAtt': [string, string] } } | undefined)?.PreSignUp;
    const id = arn?.['Fn::GetAtt'][0] ?? '';
    return { id, fn: template.Resources[id]?.Properties ?? {} };
  };

  it('runs the PreSignUp trigger of lambdas/src/triggers on the pool, invocable by this pool only', () => {
    // Prepare
    const template = authTemplate();
    const { id, fn } = triggerOf(template);
    const [poolId] = resourcesOfType(template, 'AWS::Cognito::UserPool')[0] ?? [];
    const permissions = resourcesOfType(template, 'AWS::Lambda::Permission');

    // Assess
    expect(template.Resources[id]?.Type).toBe('AWS::Lambda::Function');
    expect(fn['Runtime']).toBe('nodejs24.x');
    expect(permissions).toHaveLength(1);
    expect(permissions[0]?.[1]).toMatchObject({
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
    });
  });

  it('gives the trigger the core settings only, and no name of its own pool (that would be a cycle)', () => {
    // Prepare
    const { fn } = triggerOf(authTemplate());
    const variables = Object.keys((fn['Environment'] as { Variables: object }).Variables).sort();

    // Assess
    expect(variables).toEqual(
      [
        'LOG_LEVEL',
        'SECRETS_PREFIX',
        'SECRETS_SOURCE',
        'STAGE',
        'TABLE_APP',
        'TABLE_CONNECTIONS',
        'TABLE_REPORTS',
      ].sort(),
    );
  });

  it('lets the trigger update sign-up ticket items of the app table, and nothing else', () => {
    // Prepare
    const template = authTemplate();
    const { fn } = triggerOf(template);
    const roleId = (fn['Role'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = resourcesOfType(template, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p['Roles']).includes(roleId))
      .flatMap(([, p]) => (p['PolicyDocument'] as { Statement: Array<Record<string, unknown>> }).Statement);
    const data = statements.filter((st) => !JSON.stringify(st['Action']).includes('logs:'));

    // Assess
    expect(data).toHaveLength(1);
    expect(data[0]?.['Action']).toBe('dynamodb:UpdateItem');
    expect(JSON.stringify(data[0]?.['Resource'])).toContain('BidGrid-dev-Data');
    expect(data[0]?.['Condition']).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SIGNUP#*'] },
    });
  });

  it('lets agency creation read users of the pool (AdminGetUser) and no other operation', () => {
    // Prepare
    const readers: Array<[string, string[]]> = [];
    for (const feature of dev.stacks.api.features.values()) {
      const policies = resourcesOfType(dev.template(feature), 'AWS::IAM::Policy');
      for (const [name, fn] of feature.functions) {
        const roleId = feature.getLogicalId(fn.role.node.defaultChild as CfnResource);
        const statements = policies
          .filter(([, p]) => JSON.stringify(p['Roles']).includes(`"${roleId}"`))
          .flatMap(
            ([, p]) => (p['PolicyDocument'] as { Statement: Array<{ Action: unknown; Resource: unknown }> }).Statement,
          )
          .filter((st) => JSON.stringify(st.Action).includes('cognito-idp:'));
        if (statements.length > 0) readers.push([name, statements.map((st) => JSON.stringify(st))]);
      }
    }

    // Assess
    expect(readers.map(([name]) => name)).toEqual(['createAgency']);
    const [statement] = readers[0]?.[1] ?? [];
    expect(JSON.parse(statement ?? '{}')).toMatchObject({ Action: 'cognito-idp:AdminGetUser', Effect: 'Allow' });
    expect(statement).toContain('BidGrid-dev-Auth');
  });
});

/** A response headers policy of a template, by its comment. */
const headersPolicy = (template: TemplateJson, comment: string) =>
  resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy').find(
    ([, properties]) => (properties['ResponseHeadersPolicyConfig'] as { Comment?: string }).Comment === comment,
  )?.[1];

const APP_HEADERS = 'BidGrid SPA security headers';
const PICKER_HEADERS = 'BidGrid CRM card picker: framed by HubSpot only';
const REFERENCE_HEADERS = 'BidGrid API reference page: no script, its stylesheet by hash';

/** The CSP of each response headers policy of a template, by the policy's comment. */
const cspsByComment = (template: TemplateJson): Record<string, string> =>
  Object.fromEntries(
    resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy').map(([, properties]) => {
      const config = properties['ResponseHeadersPolicyConfig'] as {
        Comment: string;
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
      };
      return [config.Comment, config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy];
    }),
  );

describe('web stack', () => {
  it('serves the private bucket through CloudFront with OAC, HTTPS only, security headers and the SPA fallback', () => {
    // Prepare
    const template = dev.template(dev.stacks.web);
    const [oacId] = resourcesOfType(template, 'AWS::CloudFront::OriginAccessControl')[0] ?? [];
    const [, distribution] = resourcesOfType(template, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.['DistributionConfig'] as {
      Origins: Array<{ OriginAccessControlId: unknown; S3OriginConfig?: { OriginAccessIdentity: string } }>;
      DefaultCacheBehavior: { ViewerProtocolPolicy: string; ResponseHeadersPolicyId?: unknown };
      CustomErrorResponses: Array<{ ErrorCode: number; ResponseCode: number; ResponsePagePath: string }>;
      DefaultRootObject: string;
    };
    const headers = headersPolicy(template, 'BidGrid SPA security headers');

    // Assess
    expect(oacId).toBeDefined();
    expect(config.Origins[0]?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(config.Origins[0]?.S3OriginConfig?.OriginAccessIdentity ?? '').toBe('');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toEqual(
      expect.arrayContaining(
        [403, 404].map((code) =>
          expect.objectContaining({
            ErrorCode: code,
            ResponseCode: 200,
            ResponsePagePath: '/index.html',
          }),
        ),
      ),
    );
    const security = JSON.stringify(headers);
    for (const header of ['StrictTransportSecurity', 'ContentTypeOptions', 'FrameOptions', 'ContentSecurityPolicy']) {
      expect(security).toContain(header);
    }
    expect(security).toContain("frame-ancestors 'none'");
  });

  it("lets HubSpot frame the CRM card picker, and only the picker: the SPA shell with the picker's headers", () => {
    // Prepare
    const template = dev.template(dev.stacks.web);
    const [, distribution] = resourcesOfType(template, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.['DistributionConfig'] as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: string } };
      CacheBehaviors: Array<{
        PathPattern: string;
        ResponseHeadersPolicyId: { Ref: string };
        FunctionAssociations: Array<{ EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }>;
      }>;
    };
    const picker = config.CacheBehaviors.find((behavior) => behavior.PathPattern.startsWith(PICKER_PATH));
    const others = config.CacheBehaviors.filter(
      (behavior) => behavior !== picker && !['/reference', '/reference/*'].includes(behavior.PathPattern),
    );
    const [functionId] = picker?.FunctionAssociations[0]?.FunctionARN['Fn::GetAtt'] ?? [];
    const code = (template.Resources[functionId ?? ''] as { Properties: { FunctionCode: string } } | undefined)
      ?.Properties.FunctionCode;
    const policyOf = (id: { Ref: string } | undefined) =>
      JSON.stringify((template.Resources[id?.Ref ?? ''] as { Properties: unknown } | undefined)?.Properties);

    // Assess
    expect(others).toEqual([]);
    expect(picker?.PathPattern).toBe('/public-campaigns-picker*');
    expect(picker?.FunctionAssociations[0]?.EventType).toBe('viewer-request');
    expect(code).toContain("event.request.uri = '/index.html'");
    const pickerPolicy = policyOf(picker?.ResponseHeadersPolicyId);
    expect(pickerPolicy).toContain('frame-ancestors https://*.hubspot.com');
    expect(pickerPolicy).not.toContain('FrameOptions');
    expect(pickerPolicy).toContain('StrictTransportSecurity');
    const appPolicy = policyOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    expect(appPolicy).toContain("frame-ancestors 'none'");
    expect(appPolicy).toContain('"FrameOption":"DENY"');
  });

  it('gives the API reference pages their own policy: no script, the stylesheet by hash, never framed', () => {
    // Prepare
    const template = dev.template(dev.stacks.web);
    const [, distribution] = resourcesOfType(template, 'AWS::CloudFront::Distribution')[0] ?? [];
    const behaviors = (
      distribution?.['DistributionConfig'] as {
        CacheBehaviors: Array<{ PathPattern: string; ResponseHeadersPolicyId: { Ref: string } }>;
      }
    ).CacheBehaviors;
    for (const pattern of ['/reference', '/reference/*']) {
      // Act
      const reference = behaviors.find((behavior) => behavior.PathPattern === pattern);
      const policy = JSON.stringify(template.Resources[reference?.ResponseHeadersPolicyId.Ref ?? '']?.Properties);
      // Assess
      expect(policy, pattern).toContain(REFERENCE_HEADERS);
      expect(policy, pattern).toContain(JSON.stringify(referencePageContentSecurityPolicy()));
      expect(policy, pattern).toContain('"FrameOption":"DENY"');
      expect(policy, pattern).toContain('StrictTransportSecurity');
    }
  });

  it('builds a runtime config the SPA accepts from the deployed values', () => {
    // Act
    const config = runtimeConfig(
      {
        config: loadStageConfig('prod'),
        siteBucket: dev.stacks.web.siteBucket,
        distribution: dev.stacks.web.distribution,
        apiUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/prod',
        wsUrl: 'wss://def456.execute-api.us-east-1.amazonaws.com/prod',
        userPoolId: 'us-east-1_abc',
        userPoolClientId: 'client123',
      },
      'pk_live_123',
      'us-east-1',
    );

    // Assess
    expect(ZRuntimeConfig.parse(config)).toEqual(config);
    expect(config.payments).toEqual({ mode: 'stripe', publishableKey: 'pk_live_123' });
    expect(config.cognito.userPoolEndpoint).toBeUndefined();
  });

  it("lets the SPA reach only this region's APIs, Cognito, S3 and Stripe", () => {
    // Act
    const csp = cloudContentSecurityPolicy({ region: 'eu-west-1' });

    // Assess
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('wss://*.execute-api.eu-west-1.amazonaws.com');
    expect(csp).toContain('https://cognito-idp.eu-west-1.amazonaws.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/connect-src[^;]* \*( |;|$)/);
  });

  it('names no chat widget host in either CSP when the stage has no widget (the checked-in stages)', () => {
    // Prepare
    const policies = cspsByComment(dev.template(dev.stacks.web));
    const widgetHosts = Object.values(HUBSPOT_CHAT_WIDGET_HOSTS).flat();

    // Assess
    expect(Object.keys(policies).sort()).toEqual([APP_HEADERS, PICKER_HEADERS, REFERENCE_HEADERS].sort());
    for (const [comment, policy] of Object.entries(policies)) {
      expect(
        widgetHosts.filter((host) => policy.includes(host)),
        comment,
      ).toEqual([]);
    }
  });

  it("names exactly the chat widget's hosts in both CSPs when the stage has one (-c chatWidgetHubspotPortalId)", () => {
    // Prepare: the web stack alone (its CSPs do not depend on the other stacks)
    const config = loadStageConfig('dev', { chatWidgetHubspotPortalId: '12345678' });
    const app = new App({ context: cdkJsonContext(), builtinCloudFormationValidation: false });
    const stack = new WebStack(app, 'WidgetWeb', { config, env: { region: config.env.region } });

    // Act
    const withWidget = cspsByComment(Template.fromStack(stack).toJSON() as TemplateJson);
    const without = cspsByComment(dev.template(dev.stacks.web));

    // Assess: per directive, the added sources are the widget's hosts; nothing else moved.
    const widgetHosts: Record<string, readonly string[] | undefined> = HUBSPOT_CHAT_WIDGET_HOSTS;
    expect(Object.keys(withWidget).sort()).toEqual([APP_HEADERS, PICKER_HEADERS, REFERENCE_HEADERS].sort());
    expect(withWidget[REFERENCE_HEADERS]).toBe(referencePageContentSecurityPolicy());
    for (const comment of [APP_HEADERS, PICKER_HEADERS]) {
      const on = parseContentSecurityPolicy(withWidget[comment] ?? '');
      const off = parseContentSecurityPolicy(without[comment] ?? '');
      expect(Object.keys(on), comment).toEqual(Object.keys(off));
      for (const directive of Object.keys(on)) {
        const added = (on[directive] ?? []).filter((source) => !(off[directive] ?? []).includes(source));
        const removed = (off[directive] ?? []).filter((source) => !(on[directive] ?? []).includes(source));
        expect({ added, removed }, `${comment}: ${directive}`).toEqual({
          added: [...(widgetHosts[directive] ?? [])],
          removed: [],
        });
      }
    }
  });

  it("puts the stage's chat widget into the runtime config, and none without one", () => {
    // Prepare
    const props = {
      siteBucket: dev.stacks.web.siteBucket,
      distribution: dev.stacks.web.distribution,
      apiUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/dev',
      wsUrl: 'wss://def456.execute-api.us-east-1.amazonaws.com/dev',
      userPoolId: 'us-east-1_abc',
      userPoolClientId: 'client123',
    };

    // Act
    const withWidget = runtimeConfig(
      { ...props, config: loadStageConfig('dev', { chatWidgetHubspotPortalId: '12345678' }) },
      'pk_test_1',
      'us-east-1',
    );
    const without = runtimeConfig({ ...props, config: loadStageConfig('dev') }, 'pk_test_1', 'us-east-1');

    // Assess
    expect(ZRuntimeConfig.parse(withWidget).chatWidget).toEqual({ provider: 'hubspot', portalId: '12345678' });
    expect('chatWidget' in without).toBe(false);
  });

  it('writes the runtime config next to the SPA at deploy time, from the deployed stacks', () => {
    // Prepare
    const template = dev.template(dev.stacks.webContent);
    const deployments = resourcesOfType(template, 'Custom::CDKBucketDeployment');
    const shell = deployments.find(([id]) => id.startsWith('Shell'))?.[1];
    const markers = JSON.stringify(shell?.['SourceMarkers']);
    const parameters = JSON.stringify(template.Parameters);

    // Assess: CloudFormation fills in the API, WebSocket and pool ids and the publishable key.
    for (const source of ['BidGrid-dev-Api:', 'BidGrid-dev-Realtime:', 'BidGrid-dev-Auth:']) {
      expect(markers).toContain(source);
    }
    expect(parameters).toContain('"Default":"/bidgrid/dev/STRIPE_PUBLISHABLE_KEY"');
    expect(shell?.['SystemMetadata']).toEqual({ 'cache-control': 'no-cache' });
    expect(shell?.['DistributionPaths']).toEqual(['/*']);
    const assets = deployments.find(([id]) => id.startsWith('Assets'))?.[1];
    if (assets) expect(assets['SystemMetadata']).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
  });

  it("publishes the API's description beside the SPA: the document with this stage's URLs, the pages as HTML", async () => {
    // Prepare
    const template = dev.template(dev.stacks.webContent);
    const deployments = resourcesOfType(template, 'Custom::CDKBucketDeployment');
    const reference = deployments.find(([id]) => id.startsWith('ApiReference'))?.[1];
    // Act
    const document = JSON.parse(deployedContents(dev, dev.stacks.webContent, 'Shell')['openapi.json'] ?? '{}') as {
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, { operationId: string; 'x-implemented': boolean }>>;
    };
    const pages = deployedContents(dev, dev.stacks.webContent, 'ApiReference');
    // Assess: sound, every operation with what the API stack deploys for it, the URLs filled in at deploy
    expect(await openApiProblems(document)).toEqual([]);
    for (const op of operations) {
      expect(document.paths[op.path]?.[op.method.toLowerCase()], op.name).toMatchObject({
        operationId: op.name,
        'x-implemented': operationEntry(op) !== undefined,
      });
    }
    expect(document.servers[0]?.url).toMatch(/^https:\/\/<<marker:[^>]+>>\.execute-api\./);
    expect(pages['reference']).toContain('<title>BidGrid API reference</title>');
    expect(pages['reference/campaigns']).toContain('id="op-getCampaign"');
    expect(pages['reference/realtime']).toContain('id="ws-createCampaign"');
    expect(JSON.stringify(reference?.['SourceMarkers'])).toContain('BidGrid-dev-Api:');
    expect(reference?.['SystemMetadata']).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    });
    expect(reference?.['DistributionPaths']).toEqual(['/reference', '/reference/*']);
  });

  it('uploads the built SPA without its source maps', () => {
    // Prepare: a build that still has maps beside its bundles (e.g. `vite build --sourcemap hidden`)
    const dist = scratchDir('bidgrid-dist-maps-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app-abc.js"></script></head></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1);\n');
    writeFileSync(join(dist, 'assets', 'app-abc.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    writeFileSync(join(dist, 'app.css.map'), '{"version":3}');

    // Act
    const synth = synthStage('dev', { webDist: dist });
    const files = deployedFiles(synth, synth.stacks.webContent, 'Assets');
    const shell = deployedContents(synth, synth.stacks.webContent, 'Shell');

    // Assess: the page goes with the uncached shell, never with the year-long assets, and carries the
    // runtime config, so the SPA starts without asking: a deploy-time value the deployment fills in with
    // the config's JSON (the stacks' exports and the publishable key joined in).
    expect(files).toEqual(['assets/app-abc.js']);
    const block =
      new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(
        shell['index.html'] ?? '',
      )?.[1] ?? '';
    expect(block).toMatch(/^<<marker:[^>]+>>$/);
    const deployment = resourcesOfType(synth.template(synth.stacks.webContent), 'Custom::CDKBucketDeployment').find(
      ([id]) => id.startsWith('Shell'),
    )?.[1];
    const filled = (deployment?.['SourceMarkers'] as Array<Record<string, unknown>>).map((markers) =>
      JSON.stringify(markers[block] ?? null),
    );
    expect(filled.some((value) => value.includes('{\\"stage\\":\\"dev\\"') && value.includes('BidGrid-dev-Api:'))).toBe(
      true,
    );
  }, 120_000);

  it('refuses a build whose bundles point at source maps, which are never deployed', () => {
    // Prepare: `vite build --sourcemap` writes a sourceMappingURL comment into every bundle
    const dist = scratchDir('bidgrid-dist-map-url-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1);\n//# sourceMappingURL=app-abc.js.map\n');
    writeFileSync(join(dist, 'assets', 'app-abc.js.map'), '{"version":3}');

    // Act
    const synth = (): unknown => synthStage('dev', { webDist: dist });

    // Assess
    expect(synth).toThrow(/assets\/app-abc\.js.*sourceMappingURL/s);
  }, 120_000);

  it('deploys the runtime config alone, with a warning, when the SPA is not built', () => {
    // Prepare
    const synth = synthStage('dev', { webDist: scratchDir('bidgrid-no-dist-') });
    const deployments = resourcesOfType(synth.template(synth.stacks.webContent), 'Custom::CDKBucketDeployment');

    // Assess
    expect(deployments.map(([id]) => id.replace(/CustomResource.*$/, '')).sort()).toEqual(['ApiReference', 'Shell']);
    expect(JSON.stringify(synth.stacks.webContent.node.metadata)).toContain('npm run build -w web');
  }, 120_000);
});

describe('realtime stack', () => {
  it('routes $connect, $disconnect, $default and each event that has a handler file to its own Lambda', () => {
    // Prepare
    const template = dev.template(dev.stacks.realtime);
    const routeKeys = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(([, p]) => p['RouteKey']);
    const implemented = realtimeEvents.filter((e) => realtimeEntry(e)).map((e) => e.name);

    // Assess
    expect(implemented).toEqual(expect.arrayContaining(['getCSVKickfireMatches', 'getHubSpotLists']));
    expect(new Set(routeKeys)).toEqual(new Set(['$connect', '$disconnect', '$default', 'keepAlive', ...implemented]));
    expect(ourFunctions(template)).toHaveLength(3 + implemented.length);
  });

  it("gives createCampaign's Lambda 15 minutes (25,000 companies) and the other events the stage's time", () => {
    // Prepare
    const template = dev.template(dev.stacks.realtime);
    const timeoutOf = (description: string) =>
      ourFunctions(template).find(([, p]) => String(p['Description']).startsWith(`${description}:`))?.[1]['Timeout'];

    // Assess
    expect(timeoutOf('createCampaign')).toBe(900);
    expect(timeoutOf('getCSVKickfireMatches')).toBe(300);
  });

  it('answers the keep-alive with a mock integration, no Lambda', () => {
    // Prepare
    const template = dev.template(dev.stacks.realtime);
    const route = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').find(([, p]) => p['RouteKey'] === 'keepAlive');
    const target = JSON.stringify(route?.[1]['Target']);
    const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';

    // Assess
    expect(template.Resources[integrationId]?.Properties?.['IntegrationType']).toBe('MOCK');
  });

  it("grants each event's Lambda what its use case touches, and $default no data or secret", () => {
    // Prepare
    const template = dev.template(dev.stacks.realtime);
    const roleOf = (fnId: string) => {
      const role = (template.Resources[fnId]?.Properties?.['Role'] as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ][0];
      return resourcesOfType(template, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p['Roles']).includes(role))
        .map(([, p]) => JSON.stringify(p['PolicyDocument']))
        .join(' ');
    };
    const fnIdOf = (description: string) =>
      ourFunctions(template).find(([, p]) => String(p['Description']).startsWith(description))?.[0] ?? '';
    const matching = roleOf(fnIdOf('getCSVKickfireMatches'));
    const fallback = roleOf(fnIdOf('$default'));

    // Assess: matching reads and writes the app table and connections, reads secrets, never reports.
    expect(matching).toContain('dynamodb:PutItem');
    expect(matching).toContain('dynamodb:DeleteItem');
    expect(matching).toContain('ssm:GetParameter');
    expect(matching).not.toContain('ReportsTable');
    expect(matching).toContain('execute-api:ManageConnections');
    expect(fallback).toContain('execute-api:ManageConnections');
    expect(fallback).not.toContain('ssm:');
    expect(fallback).not.toContain('AppTable');
  });

  it('lets event handlers post to this API’s connections only', () => {
    // Prepare: a handler folder where one event is implemented.
    const root = scratchDir('bidgrid-handlers-');
    mkdirSync(join(root, 'ws'));
    mkdirSync(join(root, 'http'));
    for (const file of ['connect', 'disconnect', 'get-hub-spot-lists']) {
      writeFileSync(
        join(root, 'ws', `${file}.handler.ts`),
        'export const handler = async () => ({ statusCode: 200 });\n',
      );
    }
    const synth = synthStage('dev', { lambdasRoot: root });
    const template = synth.template(synth.stacks.realtime);
    const policies = resourcesOfType(template, 'AWS::IAM::Policy').map(([, p]) => JSON.stringify(p));
    const apiId = resourcesOfType(template, 'AWS::ApiGatewayV2::Api')[0]?.[0];

    // Assess
    expect(resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(([, p]) => p['RouteKey'])).toContain(
      'getHubSpotLists',
    );
    const posting = policies.filter((p) => p.includes('execute-api:ManageConnections'));
    expect(posting).toHaveLength(1);
    expect(posting[0]).toContain(`{"Ref":"${apiId}"},"/dev/POST/@connections/*"`);
    // No REST handler in that folder: every operation answers 501 from its placeholder.
    expect(templateRoutes(synth, synth.stacks.api).filter((r) => r.integrationType === 'AWS_PROXY')).toEqual([]);
  }, 120_000);
});

describe('jobs stack', () => {
  it('schedules every job of schedules.ts and seeds the playbooks at deploy time', () => {
    // Prepare
    const template = dev.template(dev.stacks.jobs);
    const rules = resourcesOfType(template, 'AWS::Events::Rule');

    // Assess
    expect(rules).toHaveLength(schedules.length);
    for (const schedule of schedules) {
      expect(rules.map(([, p]) => p['ScheduleExpression'])).toContain(schedule.cloudSchedule);
    }
    expect(resourcesOfType(template, 'Custom::PlaybooksSeed')).toHaveLength(1);
  });

  it('fans report sync out: queue, dead letters, and a worker with partial batch failures', () => {
    // Prepare
    const template = dev.template(dev.stacks.jobs);
    const worker = schedules.find((s) => s.name === 'report-sync')?.worker;
    const queues = resourcesOfType(template, 'AWS::SQS::Queue');
    const idOf = (name: string) => queues.find(([, p]) => p['QueueName'] === name)?.[0];
    const work = queues.find(([, p]) => p['QueueName'] === 'bidgrid-dev-report-sync-work')?.[1];
    const deadLettersId = idOf('bidgrid-dev-report-sync-dead-letters');
    const [[, mapping] = []] = resourcesOfType(template, 'AWS::Lambda::EventSourceMapping');
    const functions = resourcesOfType(template, 'AWS::Lambda::Function');
    const workerFn = functions.find(([id]) => id === (mapping?.['FunctionName'] as { Ref: string }).Ref)?.[1];
    const scheduleFn = functions.find(([id]) => id.startsWith('JobReportSync'))?.[1];
    const policies = resourcesOfType(template, 'AWS::IAM::Policy').map(([, p]) => JSON.stringify(p));

    // Assess: the queue hands a message to a second worker only long after the first timed out.
    expect(worker).toBeDefined();
    expect(queues).toHaveLength(2);
    expect(work?.['VisibilityTimeout']).toBe((worker?.timeoutSeconds ?? 0) * 6);
    expect(work?.['VisibilityTimeout']).toBeGreaterThan(workerFn?.['Timeout'] as number);
    expect(work?.['RedrivePolicy']).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId, 'Arn'] },
      maxReceiveCount: worker?.maxReceiveCount,
    });
    expect(work?.['SqsManagedSseEnabled']).toBe(true);
    // The worker reads the queue in batches and reports the messages that failed.
    expect(mapping?.['FunctionResponseTypes']).toEqual(['ReportBatchItemFailures']);
    expect(mapping?.['BatchSize']).toBe(worker?.batchSize);
    expect(mapping?.['ScalingConfig']).toEqual({ MaximumConcurrency: worker?.maxConcurrency });
    expect(workerFn?.['Timeout']).toBe(worker?.timeoutSeconds);
    // The schedule's Lambda knows the queue and may send to it, and only the worker reads it.
    expect((scheduleFn?.['Environment'] as { Variables: Record<string, unknown> }).Variables['JOB_QUEUE_URL']).toEqual({
      Ref: idOf('bidgrid-dev-report-sync-work'),
    });
    expect(policies.filter((p) => p.includes('sqs:SendMessage'))).toHaveLength(1);
    expect(policies.filter((p) => p.includes('sqs:ReceiveMessage'))).toHaveLength(1);
  });

  it('turns a schedule entry into a rule that invokes its own job Lambda', () => {
    // Prepare
    const synth = synthStage('dev', {
      schedules: [
        {
          name: 'report-sync',
          handlerFile: 'seed-playbooks.job.ts',
          cloudSchedule: 'rate(1 hour)',
          localIntervalMs: 1,
        },
      ],
    });
    const template = synth.template(synth.stacks.jobs);
    const [, rule] = resourcesOfType(template, 'AWS::Events::Rule')[0] ?? [];
    const target = (rule?.['Targets'] as Array<{ Arn: { 'Fn::GetAtt': [string, string] } }>)[0];

    // Assess
    expect(rule?.['ScheduleExpression']).toBe('rate(1 hour)');
    expect(rule?.['State']).toBe('ENABLED');
    expect(template.Resources[target?.Arn['Fn::GetAtt'][0] ?? '']?.Type).toBe('AWS::Lambda::Function');
    expect(resourcesOfType(template, 'AWS::Lambda::Permission')).toHaveLength(1);
  }, 120_000);
});

describe('every stack', () => {
  it('stays well under the CloudFormation resource limit', () => {
    for (const [path, template] of allTemplates()) {
      expect(Object.keys(template.Resources).length, path).toBeLessThan(450);
    }
  });

  it('scopes data permissions to named resources: no * resource on data actions', () => {
    const dataAction = /^(dynamodb|s3|ssm|kms|ses|execute-api):/;
    for (const [path, template] of allTemplates()) {
      for (const [id, policy] of resourcesOfType(template, 'AWS::IAM::Policy')) {
        const statements = (policy['PolicyDocument'] as { Statement: Array<{ Action: unknown; Resource: unknown }> })
          .Statement;
        for (const statement of statements) {
          const actions = ([] as unknown[]).concat(statement.Action);
          if (!actions.some((a) => typeof a === 'string' && dataAction.test(a))) continue;
          expect(([] as unknown[]).concat(statement.Resource), `${path} ${id}`).not.toContain('*');
        }
      }
    }
  });

  it('runs our Lambdas on Node 24, arm64, with every variable the handlers’ config reads', () => {
    // Prepare
    const expected = Object.keys(
      lambdaEnvironment({
        config: loadStageConfig('dev'),
        tableNames: { app: 'a', reports: 'r', connections: 'c' },
        bucketName: 'b',
        creativeDomainName: 'd.cloudfront.net',
        userPoolId: 'p',
        userPoolClientId: 'c',
        wsManagementEndpoint: 'https://ws.example.com/dev',
        webOrigins: ['https://d.example.com'],
      }),
    ).sort();
    const functions = allTemplates().flatMap(([path, t]) =>
      ourFunctions(t).map(([id, p]) => [`${path} ${id}`, p] as const),
    );

    const core = Object.keys(
      coreLambdaEnvironment({
        config: loadStageConfig('dev'),
        tableNames: { app: 'a', reports: 'r', connections: 'c' },
      }),
    ).sort();

    // The Lambdas of schedules that fan out also get their worker's queue.
    const fanOutJobs = [...dev.stacks.jobs.queues.keys()].map((job) =>
      dev.stacks.jobs.getLogicalId(dev.stacks.jobs.jobFunctions.get(job)?.function.node.defaultChild as CfnResource),
    );

    // Assess: the user pool's trigger gets the core settings only (see the auth stack tests).
    expect(functions.length).toBeGreaterThan(3);
    expect(fanOutJobs).toHaveLength(1);
    for (const [name, fn] of functions) {
      expect(fn['Runtime'], name).toBe('nodejs24.x');
      expect(fn['Architectures'], name).toEqual(['arm64']);
      const variables = Object.keys((fn['Environment'] as { Variables: object }).Variables).sort();
      const fanOut = fanOutJobs.some((id) => name.endsWith(` ${id}`));
      expect(variables, name).toEqual(
        name.startsWith(`${dev.stacks.auth.node.path} `)
          ? core
          : fanOut
            ? [...expected, 'JOB_QUEUE_URL'].sort()
            : expected,
      );
    }
  });
});
