import type { TChatWidget } from '@bidgrid/shared/chat-widget';
import { ZRuntimeConfig, type TRuntimeConfig } from '@bidgrid/shared/runtime-config';
import { LOCAL_REGION } from '../emulators/dynamodb';
import { LOCAL_PUBLISHABLE_KEY } from '../simulators/stripe';

/** Where the sidebar's support link points locally (the real portal is configured per stage). */
export const LOCAL_SUPPORT_URL = 'https://support.bidgrid.example/';

/**
 * The `/runtime-config.json` the SPA reads at start: this stack's endpoints and public ids, the
 * Cognito shim as the user-pool endpoint, and the payments simulator in place of Stripe Elements;
 * the chat widget only when asked for (`--chat-widget-hubspot-portal-id`): off by default, so a
 * machine without internet never reaches for HubSpot. Validated against the shared schema so a wrong value fails at start, not in the browser.
 */
export function buildRuntimeConfig(input: {
  apiUrl: string;
  wsUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  paymentsUrl: string;
  chatWidget?: TChatWidget | undefined;
}): TRuntimeConfig {
  return ZRuntimeConfig.parse({
    stage: 'local',
    region: LOCAL_REGION,
    apiUrl: input.apiUrl,
    wsUrl: input.wsUrl,
    cognito: {
      userPoolId: input.userPoolId,
      userPoolClientId: input.userPoolClientId,
      userPoolEndpoint: input.cognitoEndpoint,
    },
    payments: { mode: 'simulator', baseUrl: input.paymentsUrl, publishableKey: LOCAL_PUBLISHABLE_KEY },
    supportUrl: LOCAL_SUPPORT_URL,
    ...(input.chatWidget ? { chatWidget: input.chatWidget } : {}),
  });
}
