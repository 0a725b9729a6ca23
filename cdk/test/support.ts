import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import { buildApp } from '../src/app';
import type { BidGridStacks, BuildOptions } from '../src/app';
import { loadStageConfig } from '../src/config/stages';
import type { TStageName, TStageOverrides } from '../src/config/stages';
import { REPO_ROOT } from '../src/lambda/entries';
import type { ApiStack } from '../src/stacks/api.stack';

/** A CloudFormation template as JSON. */
export interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }>;
  Parameters?: Record<string, unknown>;
}

/** The context `cdk synth` runs with (feature flags of cdk.json), so tests see the same templates. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

/** A synthesized stage: its stacks and every template (nested ones included), by stack path. */
export interface SynthesizedStage {
  readonly stacks: BidGridStacks;
  readonly templates: ReadonlyMap<string, TemplateJson>;
  /** The cloud assembly folder: staged file assets (`asset.<hash>/`) are what a deploy uploads. */
  readonly outdir: string;
  template(stack: Stack): TemplateJson;
}

/**
 * Builds and synthesizes a stage as the CLI would, minus two slow parts the unit tests do not
 * need: bundling (functions get a placeholder asset) and CloudFormation's built-in rule
 * validation. cdk-nag stays on: `Template.fromStack` throws on any unacknowledged finding.
 */
export function synthStage(
  stage: TStageName,
  options: BuildOptions & { overrides?: TStageOverrides } = {},
): SynthesizedStage {
  const app = new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const stacks = buildApp(app, loadStageConfig(stage, options.overrides), options);
  const templates = new Map<string, TemplateJson>();
  const all = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  for (const stack of all) templates.set(stack.node.path, Template.fromStack(stack).toJSON() as TemplateJson);
  return {
    stacks,
    templates,
    outdir: app.outdir,
    template: (stack) => {
      const found = templates.get(stack.node.path);
      if (!found) throw new Error(`No template for ${stack.node.path}`);
      return found;
    },
  };
}

/** Resources of one type in a template, as [logicalId, properties]. */
export function resourcesOfType(template: TemplateJson, type: string): Array<[string, Record<string, unknown>]> {
  return Object.entries(template.Resources)
    .filter(([, r]) => r.Type === type)
    .map(([id, r]) => [id, r.Properties ?? {}]);
}

/** A deployed REST route as the templates declare it. */
export interface TemplateRoute {
  readonly method: string;
  readonly path: string;
  readonly authorizationType: string;
  readonly authorizationScopes: readonly string[];
  /** Logical id of the parent-stack authorizer the method points at (through the nested parameter). */
  readonly authorizer?: string;
  readonly integrationType: string;
  /** Logical id of the Lambda in the same template, for proxy integrations. */
  readonly functionId?: string;
  /** Path of the stack the method is declared in. */
  readonly stackPath: string;
}

const refOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' && typeof (value as { Ref?: unknown }).Ref === 'string'
    ? (value as { Ref: string }).Ref
    : undefined;

/**
 * Every method of the REST API, read from the templates only: resource paths from the parent's
 * `AWS::ApiGateway::Resource` tree, nested methods mapped back through the nested stacks'
 * parameters. This is what API Gateway would be given, independent of how the constructs work.
 */
export function templateRoutes(synth: SynthesizedStage, api: ApiStack): TemplateRoute[] {
  const parent = synth.template(api);
  const paths = new Map<string, string>();
  const resolvePath = (id: string): string => {
    const cached = paths.get(id);
    if (cached !== undefined) return cached;
    const resource = parent.Resources[id];
    if (!resource || resource.Type !== 'AWS::ApiGateway::Resource') throw new Error(`Not a resource: ${id}`);
    const parentRef = refOf(resource.Properties?.['ParentId']);
    const prefix = parentRef ? resolvePath(parentRef) : '';
    const path = `${prefix}/${String(resource.Properties?.['PathPart'])}`;
    paths.set(id, path);
    return path;
  };

  const routes: TemplateRoute[] = [];
  const collect = (template: TemplateJson, stackPath: string, parameters: Record<string, unknown>) => {
    // A nested template names parent values by parameter; the parent passes `{Ref: logicalId}`.
    const parentId = (value: unknown): string | undefined => {
      const ref = refOf(value);
      if (!ref) return undefined;
      return ref in parameters ? refOf(parameters[ref]) : ref;
    };
    for (const [, props] of resourcesOfType(template, 'AWS::ApiGateway::Method')) {
      const resourceId = parentId(props['ResourceId']);
      if (!resourceId) throw new Error(`Method without a resource in ${stackPath}`);
      const integration = (props['Integration'] ?? {}) as { Type?: string; Uri?: unknown };
      const uriJoin = (integration.Uri as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join']?.[1] ?? [];
      const functionId = uriJoin
        .map((part) => (part as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0])
        .find((id): id is string => typeof id === 'string');
      const authorizer = parentId(props['AuthorizerId']);
      routes.push({
        method: String(props['HttpMethod']),
        path: resolvePath(resourceId),
        authorizationType: String(props['AuthorizationType'] ?? 'NONE'),
        authorizationScopes: (props['AuthorizationScopes'] as string[] | undefined) ?? [],
        ...(authorizer ? { authorizer } : {}),
        integrationType: String(integration.Type),
        ...(functionId ? { functionId } : {}),
        stackPath,
      });
    }
  };

  collect(parent, api.node.path, {});
  for (const nested of api.features.values()) {
    const logicalId = api.getLogicalId(nested.nestedStackResource as CfnResource);
    const parameters = (parent.Resources[logicalId]?.Properties?.['Parameters'] ?? {}) as Record<string, unknown>;
    collect(synth.template(nested), nested.node.path, parameters);
  }
  return routes;
}

/** Operations of `operations` that no template route serves (same method and path). */
export function missingRoutes(routes: readonly TemplateRoute[], operations: readonly AnyOperation[]): string[] {
  const served = new Set(routes.map((r) => `${r.method} ${r.path}`));
  return operations.filter((op) => !served.has(`${op.method} ${op.path}`)).map((op) => op.name);
}

/**
 * The files a `Custom::CDKBucketDeployment` of `stack` copies into its bucket: the staged asset
 * folders its sources name (`SourceObjectKeys` are `<asset hash>.zip`), as paths relative to the
 * bucket root.
 */
export function deployedFiles(synth: SynthesizedStage, stack: Stack, deploymentIdPrefix: string): string[] {
  return Object.keys(deployedContents(synth, stack, deploymentIdPrefix)).sort();
}

/**
 * What a bucket deployment uploads, by key: the staged files' text (deploy-time values still as the
 * deployment's markers).
 */
export function deployedContents(
  synth: SynthesizedStage,
  stack: Stack,
  deploymentIdPrefix: string,
): Record<string, string> {
  const [, deployment] =
    resourcesOfType(synth.template(stack), 'Custom::CDKBucketDeployment').find(([id]) =>
      id.startsWith(deploymentIdPrefix),
    ) ?? [];
  if (!deployment) throw new Error(`No bucket deployment ${deploymentIdPrefix}* in ${stack.node.path}`);
  const keys = (deployment['SourceObjectKeys'] as unknown[]).filter((key): key is string => typeof key === 'string');
  const files: Record<string, string> = {};
  const walk = (root: string, dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(root, path);
      else files[relative(root, path).split('\\').join('/')] = readFileSync(path, 'utf8');
    }
  };
  for (const key of keys) {
    const staged = join(synth.outdir, `asset.${key.replace(/\.zip$/, '')}`);
    if (!existsSync(staged)) throw new Error(`No staged asset folder for ${key} in ${synth.outdir}`);
    walk(staged, staged);
  }
  return files;
}
