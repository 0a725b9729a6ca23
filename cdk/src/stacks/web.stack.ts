import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_REFERENCE_PATH } from '@bidgrid/shared/api/openapi/openapi-document';
import { referencePageContentSecurityPolicy } from '@bidgrid/shared/api/openapi/reference-page';
import type { TChatWidget } from '@bidgrid/shared/chat-widget';
import {
  APP_FRAME_ANCESTORS,
  contentSecurityPolicy,
  PICKER_FRAME_ANCESTORS,
  PICKER_PATH,
  STRIPE_CSP_SOURCES,
  type TCspSources,
} from '@bidgrid/shared/content-security-policy';
import type { TStageConfig } from '../config/stages';
import { acknowledge } from '../nag';
import { logBucket, privateBucket } from '../storage/buckets';

/** Props of {@link WebStack}. */
export interface WebStackProps extends StackProps {
  readonly config: TStageConfig;
}

/**
 * Where the SPA's backend lives in the cloud, for its CSP: this region's API Gateway (REST and
 * WebSocket), sign-in against Cognito, creative uploads on S3 presigned URLs; creative previews (S3
 * presigned GETs, any CDN an advertiser's asset sits on) from any https host.
 */
export function cloudBackendCspSources(region: string): TCspSources {
  return {
    'img-src': ['https:'],
    'media-src': ['https:'],
    'connect-src': [
      `https://*.execute-api.${region}.amazonaws.com`,
      `wss://*.execute-api.${region}.amazonaws.com`,
      `https://cognito-idp.${region}.amazonaws.com`,
      `https://*.s3.${region}.amazonaws.com`,
      'https://*.s3.amazonaws.com',
    ],
  };
}

/**
 * The content security policy of the SPA in the cloud (the shared `contentSecurityPolicy` over the
 * cloud's backend, Stripe Elements and the stage's chat widget, if any). Nothing may frame the app,
 * except the public campaign picker, which `frameAncestors` lets HubSpot's pages frame.
 */
export function cloudContentSecurityPolicy(options: {
  region: string;
  chatWidget?: TChatWidget | undefined;
  frameAncestors?: string;
}): string {
  return contentSecurityPolicy({
    backend: cloudBackendCspSources(options.region),
    payments: STRIPE_CSP_SOURCES,
    chatWidget: options.chatWidget,
    frameAncestors: options.frameAncestors ?? APP_FRAME_ANCESTORS,
  });
}

/**
 * Web hosting (state): the private bucket the SPA lives in and the CloudFront distribution in
 * front of it. Kept apart from the content (WebContentStack) because the API needs this origin
 * for CORS before the runtime config can name the API: hosting -> API -> content.
 */
export class WebStack extends Stack {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution domain>`: the origin CORS allows. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    // CloudFront standard logs are written with ACLs, so this bucket keeps object-writer ownership.
    const logs = logBucket(this, 'LogsBucket', config, s3.ObjectOwnership.OBJECT_WRITER);

    this.siteBucket = privateBucket(this, 'SiteBucket', {
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      // The SPA is rebuilt from source at every deploy; nothing in it is irreplaceable.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const securityHeaders = (frameAncestors: string | null): cloudfront.ResponseSecurityHeadersBehavior => ({
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      // X-Frame-Options cannot name another origin: a page HubSpot may frame relies on frame-ancestors alone.
      ...(frameAncestors === null
        ? { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } }
        : {}),
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      xssProtection: { protection: true, modeBlock: true, override: true },
      contentSecurityPolicy: {
        contentSecurityPolicy: cloudContentSecurityPolicy({
          region: this.region,
          chatWidget: config.chatWidget,
          frameAncestors: frameAncestors ?? APP_FRAME_ANCESTORS,
        }),
        override: true,
      },
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'BidGrid SPA security headers',
      securityHeadersBehavior: securityHeaders(null),
    });
    // The CRM card opens the public picker in an iframe modal on app.hubspot.com: that one route gets
    // the same headers with HubSpot as its only allowed framer. Its path is not an object in the
    // bucket, so a viewer-request function serves the SPA shell for it (the default behavior's error
    // responses would answer with the default behavior's headers).
    const pickerHeaders = new cloudfront.ResponseHeadersPolicy(this, 'PickerSecurityHeaders', {
      comment: 'BidGrid CRM card picker: framed by HubSpot only',
      securityHeadersBehavior: securityHeaders(PICKER_FRAME_ANCESTORS),
    });
    const pickerShell = new cloudfront.Function(this, 'PickerShell', {
      comment: 'Serves the SPA shell for the CRM card picker route',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { event.request.uri = '/index.html'; return event.request; }",
      ),
    });
    // The API reference pages (published by the web content stack) run no script and load nothing: they
    // get their own policy, the one the local gateway sends them, in place of the SPA's.
    const referenceHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ReferenceSecurityHeaders', {
      comment: 'BidGrid API reference page: no script, its stylesheet by hash',
      securityHeadersBehavior: {
        ...securityHeaders(null),
        contentSecurityPolicy: { contentSecurityPolicy: referencePageContentSecurityPolicy(), override: true },
      },
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `BidGrid ${config.stage} web app`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      additionalBehaviors: {
        [`${PICKER_PATH}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          // The shell is deployed `no-cache`: never keep a stale one at the edge.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: pickerHeaders,
          functionAssociations: [{ function: pickerShell, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        ...Object.fromEntries(
          [API_REFERENCE_PATH, `${API_REFERENCE_PATH}/*`].map((pattern) => [
            pattern,
            {
              origin: siteOrigin,
              viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
              // Deployed `no-cache` like the shell, and invalidated by each deploy.
              cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
              responseHeadersPolicy: referenceHeaders,
              compress: true,
            },
          ]),
        ),
      },
      // Client-side routes (/dashboard, /advertisers/:id...) are not objects: S3 answers 403 for a
      // missing key behind OAC, 404 with list rights. Both serve the app shell, never cached.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    this.origin = `https://${this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      'CFR1',
      'Agencies may work from anywhere; the app has no country restriction in the spec.',
    );
    acknowledge(
      this.distribution,
      'CFR2',
      'The distribution serves static files only; every API call is authenticated and throttled at API Gateway. Add a WAF when traffic asks for it.',
    );
    acknowledge(
      this.distribution,
      'CFR4',
      'Without a custom domain CloudFront uses its default *.cloudfront.net certificate, whose minimum TLS version cannot be set; the policy applies once a domain and certificate are added.',
    );

    new CfnOutput(this, 'WebUrl', { value: this.origin });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }
}
