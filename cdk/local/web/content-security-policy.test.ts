import { describe, expect, it } from 'vitest';
import { HUBSPOT_CHAT_WIDGET_HOSTS } from '@bidgrid/shared/chat-widget';
import {
  contentSecurityPolicy,
  parseContentSecurityPolicy,
  STRIPE_CSP_SOURCES,
} from '@bidgrid/shared/content-security-policy';
import { localContentSecurityPolicy } from './content-security-policy';
import { buildRuntimeConfig } from './runtime-config';

const endpoints = {
  apiUrl: 'http://127.0.0.1:4000',
  wsUrl: 'ws://127.0.0.1:4001/local',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://127.0.0.1:9229',
  paymentsUrl: 'http://127.0.0.1:4103',
};
const S3 = 'http://127.0.0.1:4569';

describe('localContentSecurityPolicy', () => {
  it("lets the pages reach the stack's gateways, Cognito shim, S3 and payments simulator, and nothing else", () => {
    // Act
    const policy = parseContentSecurityPolicy(localContentSecurityPolicy(buildRuntimeConfig(endpoints), S3, '/'));

    // Assess
    expect(policy['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:4000',
      'ws://127.0.0.1:4001',
      'http://127.0.0.1:9229',
      S3,
      'http://127.0.0.1:4103',
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', S3, 'https:']);
    expect(policy['media-src']).toEqual(["'self'", 'blob:', S3, 'https:']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it("is the cloud's policy, the backend's origins aside", () => {
    // Act
    const local = parseContentSecurityPolicy(localContentSecurityPolicy(buildRuntimeConfig(endpoints), S3, '/'));
    const cloudShape = parseContentSecurityPolicy(
      contentSecurityPolicy({ backend: {}, payments: STRIPE_CSP_SOURCES, frameAncestors: "'none'" }),
    );

    // Assess: the same directives, in the same order, with the same fixed values
    expect(Object.keys(local)).toEqual(Object.keys(cloudShape));
    for (const directive of ['default-src', 'style-src', 'font-src', 'object-src', 'base-uri', 'form-action']) {
      expect(local[directive], directive).toEqual(cloudShape[directive]);
    }
  });

  it('lets only HubSpot frame the CRM card picker', () => {
    // Act
    const policy = parseContentSecurityPolicy(
      localContentSecurityPolicy(buildRuntimeConfig(endpoints), S3, '/public-campaigns-picker'),
    );

    // Assess
    expect(policy['frame-ancestors']).toEqual(['https://*.hubspot.com']);
  });

  it('names the chat widget hosts only when the runtime config has the widget', () => {
    // Act
    const off = localContentSecurityPolicy(buildRuntimeConfig(endpoints), S3, '/');
    const on = parseContentSecurityPolicy(
      localContentSecurityPolicy(
        buildRuntimeConfig({ ...endpoints, chatWidget: { provider: 'hubspot', portalId: '12345678' } }),
        S3,
        '/',
      ),
    );

    // Assess
    expect(
      Object.values(HUBSPOT_CHAT_WIDGET_HOSTS)
        .flat()
        .filter((host) => off.includes(host)),
    ).toEqual([]);
    for (const [directive, hosts] of Object.entries(HUBSPOT_CHAT_WIDGET_HOSTS)) {
      expect(on[directive], directive).toEqual(expect.arrayContaining([...hosts]));
    }
  });
});
