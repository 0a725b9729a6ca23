import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { TOO_MANY_REQUESTS_ERROR } from '@bidgrid/shared/api/envelope';
import type { TStageConfig, TWafRateLimit } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { wafReplyHeaders } from './reply-headers';

/** Props of {@link ApiRateLimits}. */
export interface ApiRateLimitsProps {
  readonly config: TStageConfig;
  /** The deployed stage the web ACL protects. */
  readonly stage: apigateway.Stage;
  /** The SPA's origin: the 429 carries it so the browser lets the SPA read the reply. */
  readonly primaryOrigin: string;
}

/** Key of the 429 body in the web ACL's custom response bodies. */
export const TOO_MANY_REQUESTS_BODY_KEY = 'tooManyRequests';

/** The 429 reply, in the API's envelope. */
export const TOO_MANY_REQUESTS_BODY = JSON.stringify({ success: false, payload: null, error: TOO_MANY_REQUESTS_ERROR });

/**
 * The paths of the public routes as WAF sees them: `/<stage>/public/...` on the execute-api host,
 * `/public/...` behind a custom domain mapped without a base path.
 */
export const PUBLIC_PATH_PATTERN = '^(/[^/]+)?/public/';

/**
 * Rate limits of the REST API stage, so that no single caller can use up the stage-wide throttle
 * (`config.api.rateLimit`) that every agency shares: a WAF web ACL with
 * - a per-user rule: requests counted by the `Authorization` header, i.e. per signed-in session
 *   (WAF runs before the Cognito authorizer and cannot read the token; one user's tabs share it);
 * - a per-IP rule for the public routes, whose callers have no token (webhooks, the CRM card, health).
 * Over a limit, WAF answers 429 with the API's envelope (so the SPA shows the text in its API-error
 * toast), `Retry-After` set to the rule's window (WAF lifts the block once the caller's count in the
 * window drops below the limit) and the SPA's CORS origin. A request without the header is not
 * counted by the per-user rule; on `/api` it is refused by the authorizer before any Lambda runs.
 */
export class ApiRateLimits extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiRateLimitsProps) {
    super(scope, id);
    const name = `${resourcePrefix(props.config)}-api`;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const block = (limit: TWafRateLimit): wafv2.CfnWebACL.RuleActionProperty => ({
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY_KEY,
          responseHeaders: [
            { name: 'Retry-After', value: String(limit.windowSeconds) },
            { name: 'Access-Control-Allow-Origin', value: props.primaryOrigin },
            ...wafReplyHeaders(),
          ],
        },
      },
    });
    const { perUser, perIp } = props.config.api;

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      description: 'BidGrid REST API: per-user and per-IP rate limits',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY },
      },
      rules: [
        {
          name: 'PerUser',
          priority: 0,
          action: block(perUser),
          statement: {
            rateBasedStatement: {
              limit: perUser.requests,
              evaluationWindowSec: perUser.windowSeconds,
              aggregateKeyType: 'CUSTOM_KEYS',
              customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
            },
          },
          visibilityConfig: visibility(`${name}-per-user`),
        },
        {
          name: 'PerIpPublic',
          priority: 1,
          action: block(perIp),
          statement: {
            rateBasedStatement: {
              limit: perIp.requests,
              evaluationWindowSec: perIp.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                regexMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  regexString: PUBLIC_PATH_PATTERN,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility(`${name}-per-ip-public`),
        },
      ],
    });

    const association = new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
    // The stage must exist before WAF can attach to it.
    association.node.addDependency(props.stage);
  }
}
