import { chatWidgetHosts, type TChatWidget } from './chat-widget';

/** The fetch directives a part of the app adds sources to; the others are fixed for every page. */
export const CSP_SOURCE_DIRECTIVES = [
  'script-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'frame-src',
] as const;
export type TCspDirective = (typeof CSP_SOURCE_DIRECTIVES)[number];

/** Sources one part of the app needs, by directive (`https://host`, `wss://host`, `https:`...). */
export type TCspSources = Partial<Record<TCspDirective, readonly string[]>>;

/** What every page allows whatever the environment: its own files, and the styles Chakra injects. */
const BASE_SOURCES: Record<TCspDirective, readonly string[]> = {
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // Nothing of our own is framed: a frame comes only from a part that names its host.
  'frame-src': [],
};

/** The route the HubSpot CRM card opens in an iframe modal (001 §2 /public-campaigns-picker). */
export const PICKER_PATH = '/public-campaigns-picker';

/** Who may frame the picker: HubSpot's app domains (app.hubspot.com and the regional app-*.hubspot.com). */
export const PICKER_FRAME_ANCESTORS = 'https://*.hubspot.com';

/** Who may frame every other page: nobody. */
export const APP_FRAME_ANCESTORS = "'none'";

/**
 * The `frame-ancestors` of a path: HubSpot for the picker (CloudFront's `/public-campaigns-picker*`
 * behavior), nobody for the rest of the app.
 */
export const frameAncestorsFor = (path: string): string =>
  path.startsWith(PICKER_PATH) ? PICKER_FRAME_ANCESTORS : APP_FRAME_ANCESTORS;

/** Stripe Elements: Stripe.js, its API, and the card and 3-D Secure frames. */
export const STRIPE_CSP_SOURCES: TCspSources = {
  'script-src': ['https://js.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/** What {@link contentSecurityPolicy} is built from; only the backend differs between environments. */
export interface CspInputs {
  /**
   * Where the SPA's backend lives: the REST and WebSocket APIs, sign-in, and the storage that takes
   * creative uploads and serves their previews. The cloud names its AWS hosts, the local stack its
   * loopback ports.
   */
  readonly backend: TCspSources;
  /** The card entry's sources: Stripe Elements in the cloud, the payments simulator locally. */
  readonly payments: TCspSources;
  /** The live chat widget of the runtime config: its hosts are named only when it is configured. */
  readonly chatWidget?: TChatWidget | undefined;
  /** Who may frame the page ({@link frameAncestorsFor}). */
  readonly frameAncestors: string;
}

/**
 * The SPA's content security policy, one function for the cloud (CloudFront's response headers
 * policies) and the local web server, so the hosts a page may reach are decided once. No inline or
 * evaluated script anywhere; plugins and `<base>` are refused; forms post only to the app itself.
 */
export function contentSecurityPolicy(inputs: CspInputs): string {
  const parts: TCspSources[] = [
    inputs.backend,
    inputs.payments,
    ...(inputs.chatWidget ? [chatWidgetHosts(inputs.chatWidget)] : []),
  ];
  const fetchDirectives = CSP_SOURCE_DIRECTIVES.map((directive) => {
    const sources = [...new Set([...BASE_SOURCES[directive], ...parts.flatMap((part) => part[directive] ?? [])])];
    // An empty list would fall back to default-src ('self'): say 'none' where nothing is named.
    return `${directive} ${sources.length > 0 ? sources.join(' ') : "'none'"}`;
  });
  return [
    "default-src 'self'",
    ...fetchDirectives,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${inputs.frameAncestors}`,
  ].join('; ');
}

/** The sources a policy gives each directive (`default-src 'self'; img-src a b` -> {`img-src`: [a, b]}). */
export function parseContentSecurityPolicy(policy: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}
