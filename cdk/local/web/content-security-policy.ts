import {
  contentSecurityPolicy,
  frameAncestorsFor,
  STRIPE_CSP_SOURCES,
  type TCspSources,
} from '@bidgrid/shared/content-security-policy';
import type { TRuntimeConfig } from '@bidgrid/shared/runtime-config';

const originOf = (url: string): string => new URL(url).origin;

/**
 * Where the SPA's backend lives locally: what the runtime config points it at (the REST and
 * WebSocket gateways, the Cognito shim) and the local S3, which takes presigned uploads and serves
 * the previews. Images and video also come from any https host, as in the cloud, so the two policies
 * differ only in these loopback origins.
 */
export function localBackendCspSources(config: TRuntimeConfig, storageUrl: string): TCspSources {
  const storage = originOf(storageUrl);
  return {
    'img-src': [storage, 'https:'],
    'media-src': [storage, 'https:'],
    'connect-src': [
      originOf(config.apiUrl),
      originOf(config.wsUrl),
      ...(config.cognito.userPoolEndpoint ? [originOf(config.cognito.userPoolEndpoint)] : []),
      storage,
    ],
  };
}

/**
 * The CSP the local web server sends with a page at `path`: the policy CloudFront sends (the shared
 * `contentSecurityPolicy`, so the chat widget's hosts and the picker's framers are the same ones),
 * over the local stack's own origins and the payments simulator in place of Stripe Elements.
 */
export function localContentSecurityPolicy(config: TRuntimeConfig, storageUrl: string, path: string): string {
  return contentSecurityPolicy({
    backend: localBackendCspSources(config, storageUrl),
    payments:
      config.payments.mode === 'stripe' ? STRIPE_CSP_SOURCES : { 'connect-src': [originOf(config.payments.baseUrl)] },
    chatWidget: config.chatWidget,
    frameAncestors: frameAncestorsFor(path),
  });
}
