import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { TStageConfig } from '../config/stages';
import { acknowledge } from '../nag';

/**
 * What a creative may do when opened on its own: nothing but show itself. A file that slipped past the
 * checks (an SVG with a script) runs no script, loads nothing and cannot be framed.
 */
export const CREATIVE_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/**
 * The door creatives are read through in the cloud (issue 9 §4.2): S3 cannot add `X-Content-Type-Options`
 * to a presigned GET, so previews and the bidder's asset URLs go through this distribution, whose
 * response headers add `nosniff` and a locked-down CSP to the checked content type the presigned URL asks
 * S3 for. The bucket stays private: the handlers presign the GET for the bucket's regional host and swap
 * the host for this distribution's (`adapters/creative-storage.ts`); CloudFront forwards the query string
 * untouched and sends the origin's own Host, so S3 checks the same signature (`SignedHeaders=host`).
 * Nothing is cached: each URL is signed for one reader and a short time.
 */
export function creativeDistribution(
  scope: Construct,
  bucket: s3.IBucket,
  config: TStageConfig,
  webOrigins: readonly string[],
): cloudfront.Distribution {
  const headers = new cloudfront.ResponseHeadersPolicy(scope, 'CreativeHeaders', {
    comment: 'BidGrid creatives: nosniff, no script, no framing',
    securityHeadersBehavior: {
      contentTypeOptions: { override: true },
      contentSecurityPolicy: { contentSecurityPolicy: CREATIVE_CONTENT_SECURITY_POLICY, override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    },
    // The app reads previews from its own origins (video elements may ask with CORS).
    corsBehavior: {
      accessControlAllowOrigins: [...webOrigins],
      accessControlAllowMethods: ['GET', 'HEAD'],
      accessControlAllowHeaders: ['*'],
      accessControlAllowCredentials: false,
      originOverride: true,
    },
  });
  const distribution = new cloudfront.Distribution(scope, 'CreativeDistribution', {
    comment: `BidGrid ${config.stage} creatives`,
    defaultBehavior: {
      origin: new origins.HttpOrigin(bucket.bucketRegionalDomainName, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Every query string reaches S3 as signed; the Host stays the bucket's, which the signature covers.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    },
    httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
  });
  acknowledge(
    distribution,
    'CFR1',
    'Agencies and the bidder may read creatives from anywhere; the spec has no country restriction.',
  );
  acknowledge(
    distribution,
    'CFR2',
    'Every request carries an S3 signature that expires within minutes; unsigned requests are refused by S3 itself.',
  );
  acknowledge(
    distribution,
    'CFR7',
    "Access is each URL's own S3 signature, checked by S3: origin access control would sign every request as CloudFront and serve any object to anyone who names its key.",
  );
  acknowledge(
    distribution,
    'CFR3',
    'Nothing is cached, so every request reaches the bucket, whose S3 server access logs record it.',
  );
  acknowledge(
    distribution,
    'CFR4',
    'Without a custom domain CloudFront uses its default *.cloudfront.net certificate, whose minimum TLS version cannot be set.',
  );
  return distribution;
}
