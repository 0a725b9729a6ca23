import * as z from 'zod';
import { ZChatWidget } from './chat-widget';

/**
 * What the SPA reads from `/runtime-config.json` at start: endpoints and public ids only, never a
 * secret. The local stack serves it; in the cloud CDK writes it next to index.html at deploy time,
 * so one bundle runs anywhere.
 */
export const ZRuntimeConfig = z.object({
  stage: z.enum(['local', 'dev', 'prod']),
  region: z.string().min(1),
  /** Base URL of the REST API; operation paths (`/api/...`, `/public/...`) are appended. */
  apiUrl: z.url(),
  /** WebSocket URL of the realtime API. */
  wsUrl: z.string().regex(/^wss?:\/\//),
  cognito: z.object({
    userPoolId: z.string().min(1),
    userPoolClientId: z.string().min(1),
    /** Local only: the cognito-local shim. Unset in the cloud. */
    userPoolEndpoint: z.url().optional(),
  }),
  payments: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('stripe'), publishableKey: z.string().startsWith('pk_') }),
    /** Local: the payments simulator stands in for Stripe Elements. */
    z.object({ mode: z.literal('simulator'), baseUrl: z.url(), publishableKey: z.string() }),
  ]),
  supportUrl: z.url(),
  /** The live chat widget (spec 000 §9); unset: no widget, and the CSP names none of its hosts. */
  chatWidget: ZChatWidget.optional(),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
