import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Annotations, CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import {
  API_REFERENCE_PATH,
  buildOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
  type TOpenApiDocument,
} from '@bidgrid/shared/api/openapi/openapi-document';
import { renderReferencePages } from '@bidgrid/shared/api/openapi/reference-page';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import { embedRuntimeConfig, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import type { TStageConfig } from '../config/stages';
import { STRIPE_PUBLISHABLE_KEY_PARAMETER } from '../lambda/environment';
import { operationEntry, REPO_ROOT } from '../lambda/entries';
import { acknowledgeLibraryHelpers } from '../nag';

/** Props of {@link WebContentStack}. */
export interface WebContentStackProps extends StackProps {
  readonly config: TStageConfig;
  readonly siteBucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  readonly apiUrl: string;
  readonly wsUrl: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Defaults to `web/dist` (`npm run build -w web`); missing means "runtime config only". */
  readonly webDist?: string;
  /** The operations the API serves; the table (by feature) unless a test passes others. */
  readonly operations?: readonly AnyOperation[];
  /** Where handler files are looked up (tests point it at fixtures); `lambdas/src` by default. */
  readonly lambdasRoot?: string;
}

export const RUNTIME_CONFIG_FILE = 'runtime-config.json';

/** The API's description beside the SPA: `/openapi.json` and the reference pages under `/reference` (no extension). */
export const OPENAPI_FILE = OPENAPI_DOCUMENT_PATH.slice(1);

/**
 * The stage's API description: the OpenAPI document of the deployed operations (this stage's API and
 * WebSocket URLs as deploy-time values; an operation without a handler file is marked as answering 501,
 * as the API stack deploys it) and its reference pages, by object key (`reference`, `reference/<feature>`...).
 */
export function apiDescription(props: WebContentStackProps): {
  document: TOpenApiDocument;
  pages: ReadonlyMap<string, string>;
} {
  const document = buildOpenApiDocument({
    apiUrl: props.apiUrl,
    wsUrl: props.wsUrl,
    environment: `stage ${props.config.stage}`,
    isImplemented: (op) => operationEntry(op, props.lambdasRoot) !== undefined,
    ...(props.operations ? { features: { api: Object.fromEntries(props.operations.map((op) => [op.name, op])) } } : {}),
  });
  const pages = new Map([...renderReferencePages(document)].map(([path, html]) => [path.slice(1), html]));
  return { document, pages };
}

/**
 * Files of the build that are never uploaded: source maps would publish the app's sources (comments,
 * internal names) to anyone who asks for `<bundle>.map`.
 */
export const NOT_DEPLOYED = ['**/*.map'] as const;

/** A `sourceMappingURL` comment closing a script or stylesheet (the only one a browser honours). */
const SOURCE_MAP_COMMENT = /\/[/*][#@]\s*sourceMappingURL=\S+\s*(\*\/)?\s*$/;

/**
 * Bundles of `dist` that name a source map: an inline one publishes the sources, a file one points
 * at a map that is never deployed. Either way the build was made for debugging, not for a deploy.
 */
export function bundlesWithSourceMaps(dist: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(m?js|css)$/.test(entry.name) && SOURCE_MAP_COMMENT.test(readFileSync(path, 'utf8').slice(-2048))) {
        found.push(relative(dist, path).split('\\').join('/'));
      }
    }
  };
  walk(dist);
  return found.sort();
}

/**
 * What the SPA reads at start, with deploy-time values: CloudFormation fills in the API and
 * WebSocket URLs and pool ids, and the Stripe publishable key from the stage's SSM String
 * parameter (public, yet account-specific, so it is not in the code); the chat widget, when the
 * stage has one.
 */
export function runtimeConfig(props: WebContentStackProps, publishableKey: string, region: string): TRuntimeConfig {
  return {
    stage: props.config.stage,
    region,
    apiUrl: props.apiUrl,
    wsUrl: props.wsUrl,
    cognito: { userPoolId: props.userPoolId, userPoolClientId: props.userPoolClientId },
    payments: { mode: 'stripe', publishableKey },
    supportUrl: props.config.supportUrl,
    // The web stack's CSPs name the same widget's hosts (both read the stage's `chatWidget`).
    ...(props.config.chatWidget ? { chatWidget: props.config.chatWidget } : {}),
  };
}

/**
 * Web content (code): the built SPA and its `runtime-config.json`, and the API's description
 * (`openapi.json`, the `reference` pages), copied into the hosting bucket at deploy time, then the CDN
 * is invalidated. Hashed assets are cached for a year; `index.html`
 * (which carries the runtime config too, so the SPA starts without asking for it) and the runtime
 * config are revalidated on every load so a deploy shows at once.
 */
export class WebContentStack extends Stack {
  constructor(scope: Construct, id: string, props: WebContentStackProps) {
    super(scope, id, props);
    const dist = props.webDist ?? join(REPO_ROOT, 'web', 'dist');
    const publishableKey = ssm.StringParameter.valueForStringParameter(
      this,
      `${props.config.secretsPrefix}/${STRIPE_PUBLISHABLE_KEY_PARAMETER}`,
    );
    const hasDist = existsSync(join(dist, 'index.html'));

    const config = runtimeConfig(props, publishableKey, this.region);
    const description = apiDescription(props);
    const shell: s3deploy.ISource[] = [
      s3deploy.Source.jsonData(RUNTIME_CONFIG_FILE, config),
      s3deploy.Source.jsonData(OPENAPI_FILE, description.document),
    ];
    let assets: s3deploy.BucketDeployment | undefined;
    if (hasDist) {
      const mapped = bundlesWithSourceMaps(dist);
      if (mapped.length > 0) {
        throw new Error(
          `${dist} was built with source maps (${mapped.join(', ')} end with a sourceMappingURL comment): ` +
            'maps are never deployed, and inline ones would publish the sources. Build with `npm run build -w web` ' +
            '(build.sourcemap is off in web/vite.config.ts).',
        );
      }
      // Two deployments, neither pruning the other's files: old hashed chunks stay for tabs that
      // still run the previous build.
      assets = new s3deploy.BucketDeployment(this, 'Assets', {
        sources: [s3deploy.Source.asset(dist, { exclude: ['index.html', RUNTIME_CONFIG_FILE, ...NOT_DEPLOYED] })],
        destinationBucket: props.siteBucket,
        prune: false,
        // Vite names every asset by its content hash, so a file never changes under its name.
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      // The config's deploy-time values (API URLs, pool ids, the publishable key) are filled in by the
      // deployment, as in runtime-config.json; AWS makes them, so none holds a '<' that could end the block.
      const page = embedRuntimeConfig(readFileSync(join(dist, 'index.html'), 'utf8'), this.toJsonString(config));
      shell.push(s3deploy.Source.data('index.html', page));
    } else {
      Annotations.of(this).addWarning(
        `No ${dist}/index.html: only ${RUNTIME_CONFIG_FILE} is deployed. Run \`npm run build -w web\` before deploying.`,
      );
    }
    const shellDeployment = new s3deploy.BucketDeployment(this, 'Shell', {
      sources: shell,
      destinationBucket: props.siteBucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    // The shell names the assets: upload them first so a fresh index.html never points at missing files.
    if (assets) shellDeployment.node.addDependency(assets);
    // The reference pages' keys have no extension, so their type is named here (S3 would store octet-stream).
    // The web stack gives `/reference*` the pages' own policy; the API answers `/reference` with a redirect here.
    new s3deploy.BucketDeployment(this, 'ApiReference', {
      sources: [...description.pages].map(([key, html]) => s3deploy.Source.data(key, html)),
      destinationBucket: props.siteBucket,
      prune: false,
      contentType: 'text/html; charset=utf-8',
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: [API_REFERENCE_PATH, `${API_REFERENCE_PATH}/*`],
    });
    acknowledgeLibraryHelpers(
      this,
      'Custom::CDKBucketDeployment',
      [
        {
          rule: 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            "aws-cdk-lib's BucketDeployment handler: the AWS-managed basic execution policy only writes its own logs.",
        },
        {
          rule: 'L1',
          reason:
            "aws-cdk-lib's BucketDeployment handler: its Python runtime is pinned by aws-cdk-lib together with the AWS CLI layer it needs.",
        },
      ],
      "aws-cdk-lib's BucketDeployment handler: it reads the build from the CDK asset bucket, writes the site bucket and invalidates the CDN; its policy is generated by aws-cdk-lib for those two buckets and the distribution.",
    );

    new CfnOutput(this, 'RuntimeConfigUrl', {
      value: `https://${props.distribution.distributionDomainName}/${RUNTIME_CONFIG_FILE}`,
    });
  }
}
