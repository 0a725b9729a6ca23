import * as z from './zod';
import { ZChatWidget } from './chat-widget';

/**
 * What the SPA reads at start: endpoints and public ids only, never a secret. It comes in the page
 * itself (`embedRuntimeConfig`: a JSON block in index.html, so reading it costs no request), and as
 * `/runtime-config.json` for a page served without it (Vite's dev server). The local stack serves
 * both; in the cloud CDK writes both at deploy time, so one bundle runs anywhere.
 */
export const ZRuntimeConfig = z.object({
  stage: z.enum(['local', 'dev', 'prod']),
  region: z.string().check(z.minLength(1)),
  /** Base URL of the REST API; operation paths (`/api/...`, `/public/...`) are appended. */
  apiUrl: z.url(),
  /** WebSocket URL of the realtime API. */
  wsUrl: z.string().check(z.regex(/^wss?:\/\//)),
  cognito: z.object({
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    /** Local only: the cognito-local shim. Unset in the cloud. */
    userPoolEndpoint: z.optional(z.url()),
  }),
  payments: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('stripe'), publishableKey: z.string().check(z.startsWith('pk_')) }),
    /** Local: the payments simulator stands in for Stripe Elements. */
    z.object({ mode: z.literal('simulator'), baseUrl: z.url(), publishableKey: z.string() }),
  ]),
  supportUrl: z.url(),
  /** The live chat widget (spec 000 §9); unset: no widget, and the CSP names none of its hosts. */
  chatWidget: z.optional(ZChatWidget),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;

/** The id of the JSON block that carries the runtime config in index.html. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'bidgrid-runtime-config';

/**
 * index.html with the runtime config as a JSON data block at the end of its head. A data block
 * (`type="application/json"`) is never run, so the Content-Security-Policy needs no exception for it.
 * `configJson` is the config's JSON text (CDK passes one with deploy-time values in it); a `<` in it is
 * written `\u003c`, so no value can close the block.
 */
export function embedRuntimeConfig(html: string, configJson: string): string {
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to put the runtime config before.');
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${configJson.replace(/</g, '\\u003c')}</script>`;
  return html.replace('</head>', `  ${block}\n  </head>`);
}
