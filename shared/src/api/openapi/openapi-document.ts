import * as z from '../../zod';
import * as entities from '../../entities';
import { realtimeEvents as tableEvents } from '../../realtime/events';
import type { RealtimeEventDef } from '../../realtime/event';
import {
  REALTIME_ERROR_EVENT,
  REALTIME_KEEP_ALIVE_ACTION,
  REALTIME_LIMITS,
  ZGatewayNotice,
  ZRealtimeEnvelope,
  ZRealtimeProgress,
  ZRealtimeReply,
} from '../../realtime/wire';
import {
  BUSY_ERROR,
  GATEWAY_MESSAGES,
  GENERIC_REQUEST_ERROR,
  MISSING_BODY_ERROR,
  NOT_IMPLEMENTED_ERROR,
  TOO_MANY_REQUESTS_ERROR,
  UNSUPPORTED_FORM_MEDIA_TYPE_ERROR,
  UNSUPPORTED_JSON_MEDIA_TYPE_ERROR,
  ZFieldErrors,
  ZNextCursor,
} from '../envelope';
import {
  MAX_CURSOR_LENGTH,
  PICKER_TICKET_HEADER,
  SIGNATURE_HEADERS,
  type AnyOperation,
  type AuthKind,
  type HttpMethod,
} from '../operation';
import { operationFeatures } from '../operations';
import { SchemaComponents, type TJsonSchema } from './json-schema';

/** The OpenAPI version the document follows (JSON Schema draft 2020-12 for its schemas). */
export const OPENAPI_VERSION = '3.1.0';

/** Where the local stack and the cloud serve the document and its reference page (beside the API's paths). */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
export const API_REFERENCE_PATH = '/reference';

/** A reference to a component of the document. */
export interface TRef {
  readonly $ref: string;
}

export interface TParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: TJsonSchema;
}

export interface TMediaType {
  readonly schema: TJsonSchema;
  readonly examples?: Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>;
}

export interface TRequestBody {
  readonly required: boolean;
  readonly description: string;
  readonly content: Readonly<Record<string, TMediaType>>;
}

export interface TResponse {
  readonly description: string;
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly schema: TJsonSchema }>>;
  readonly content?: Readonly<Record<string, TMediaType>>;
}

/** A security requirement: scheme names, all of which apply (an empty object: none needed). */
export type TSecurityRequirement = Readonly<Record<string, readonly string[]>>;

export interface TOperationObject {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly TParameter[];
  readonly requestBody?: TRequestBody;
  readonly responses: Readonly<Record<string, TResponse | TRef>>;
  /** Any one of these may be met; an empty list: anyone may call. */
  readonly security: readonly TSecurityRequirement[];
  /** Who may call, as the operation table says it (`AuthKind`). */
  readonly 'x-auth': AuthKind;
  /** Which spec document and section names the call. */
  readonly 'x-spec-ref': string;
  /** Present on paged lists: the page sizes. */
  readonly 'x-paged'?: { readonly defaultLimit: number; readonly maxLimit: number };
  /** False when the handler does not exist yet (the call answers 501); absent when unknown. */
  readonly 'x-implemented'?: boolean;
}

export type TLowerMethod = Lowercase<HttpMethod>;
export type TPathItem = Partial<Record<TLowerMethod, TOperationObject>>;

export interface TSecurityScheme {
  readonly type: 'http' | 'apiKey';
  readonly description: string;
  readonly scheme?: string;
  readonly bearerFormat?: string;
  readonly name?: string;
  readonly in?: 'header' | 'query';
}

/** One realtime action: the message a client sends and the reply events it gets. */
export interface TWebSocketAction {
  readonly summary: string;
  readonly specRef: string;
  /** The whole message: the envelope with `action` set, and the event's own fields. */
  readonly message: TJsonSchema;
  /** The event's own fields (beside `action`, `reqID` and `chunk`). */
  readonly request: TJsonSchema;
  readonly successEvent: string;
  readonly errorEvent: string;
  /** The success reply, its payload typed. */
  readonly reply: TJsonSchema;
  /** A request too long for one frame is sent in chunks (`chunk: {index, count}`). */
  readonly chunkedRequest: boolean;
  /** A reply too long for one message comes in parts (`part: {index, count}`). */
  readonly replyInParts: boolean;
}

/** The realtime API (OpenAPI has no WebSocket): our extension, `x-websocket` at the document's root. */
export interface TWebSocketApi {
  readonly url: string;
  readonly description: string;
  /** The query parameters of the connection request (`$connect`). */
  readonly connect: { readonly description: string; readonly parameters: readonly TParameter[] };
  readonly limits: typeof REALTIME_LIMITS;
  /** The messages every action shares. */
  readonly messages: Readonly<Record<'envelope' | 'progress' | 'refusal' | 'notice' | 'keepAlive', TJsonSchema>>;
  readonly actions: Readonly<Record<string, TWebSocketAction>>;
}

export interface TOpenApiDocument {
  readonly openapi: typeof OPENAPI_VERSION;
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly summary: string;
    readonly description: string;
  };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Readonly<Record<string, TPathItem>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, TJsonSchema>>;
    readonly responses: Readonly<Record<string, TResponse>>;
    readonly securitySchemes: Readonly<Record<string, TSecurityScheme>>;
  };
  readonly 'x-websocket': TWebSocketApi;
}

/** What a document is built from; the contract's own table and events unless a test passes others. */
export interface OpenApiDocumentOptions {
  /** The REST API's base URL: operation paths (`/api/...`, `/public/...`) are appended to it. */
  readonly apiUrl: string;
  /** The WebSocket API's URL. */
  readonly wsUrl: string;
  /** Where the document is: `local stack`, `dev`... (the servers' description). */
  readonly environment: string;
  /** Operations by feature: one tag each, in this order. */
  readonly features?: Readonly<Record<string, Readonly<Record<string, AnyOperation>>>>;
  readonly events?: readonly RealtimeEventDef[];
  /** Whether an operation's handler exists (unknown when absent): the others answer 501. */
  readonly isImplemented?: (operation: AnyOperation) => boolean;
}

/** The tags' names by feature; a feature without one is named from its key (`fooBar` -> `Foo bar`). */
const FEATURE_TITLES: Readonly<Record<string, string>> = {
  agency: 'Agencies and sign-up',
  advertiser: 'Advertisers',
  billing: 'Billing and invoices',
  segmentsLog: 'Segments logs',
  payments: 'Payments',
  crm: 'CRM (HubSpot)',
  campaign: 'Campaigns',
  report: 'Reports',
  lineItem: 'Line items',
  adgroup: 'Ad groups',
  creative: 'Creatives',
  geo: 'Geography',
  roleTitle: 'Roles and titles',
  domainList: 'Domain lists',
  segment: 'Retargeting segments',
  crmCard: 'CRM card (public)',
  template: 'Campaign templates',
  health: 'Health',
};

export const featureTitle = (feature: string): string =>
  FEATURE_TITLES[feature] ??
  feature
    .replace(/([a-z0-9])([A-Z])/g, (_match, last: string, next: string) => `${last} ${next.toLowerCase()}`)
    .replace(/^./, (first) => first.toUpperCase());

/** The security schemes, by the name the operations' requirements use. */
const SECURITY_SCHEMES: Readonly<Record<string, TSecurityScheme>> = {
  cognito: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A Cognito access token of the user pool (`Authorization: Bearer <token>`; scope `aws.cognito.signin.user.admin`, so not an ID token). API Gateway's Cognito authorizer (locally the gateway's JWT check) refuses a missing, invalid or expired token with 401 before the handler runs; the caller's agency comes from the token's user, never from the request.",
  },
  hubspotSignature: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADERS.hubspotSignature,
    description:
      "HubSpot's v3 request signature, as `hubspot.fetch` sends it from the app card: the base64 HMAC-SHA256, keyed with the app's client secret, of method, URL, body and timestamp. `hubspot.fetch` also appends `portalId`, `userId`, `userEmail` and `appId` to the query; an `appId` other than ours is refused.",
  },
  hubspotTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADERS.hubspotTimestamp,
    description: 'The time the HubSpot signature was made (milliseconds since 1970); at most 5 minutes away from ours.',
  },
  pickerTicket: {
    type: 'apiKey',
    in: 'header',
    name: PICKER_TICKET_HEADER,
    description:
      'The picker ticket a signed card call obtained (`createCrmCardPickerTicket`): the public campaign picker page cannot sign like HubSpot, so it sends the ticket, which binds the portal, the company and an expiry of 15 minutes.',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADERS.stripeSignature,
    description:
      'Stripe\'s webhook signature (`t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`, keyed with the endpoint secret), at most 5 minutes away from our clock either way.',
  },
};

/** Who may call, as requirements (any one of them). */
const SECURITY: Readonly<Record<AuthKind, readonly TSecurityRequirement[]>> = {
  user: [{ cognito: [] }],
  public: [],
  'hubspot-signed': [{ hubspotSignature: [], hubspotTimestamp: [] }],
  'hubspot-signed-or-ticket': [{ hubspotSignature: [], hubspotTimestamp: [] }, { pickerTicket: [] }],
  'stripe-signed': [{ stripeSignature: [] }],
};

const AUTH_SENTENCES: Readonly<Record<AuthKind, string>> = {
  user: "Signed-in users only (a Cognito access token); the caller's agency comes from the token.",
  public: 'Anyone may call it.',
  'hubspot-signed': "Called by the HubSpot app card, with HubSpot's v3 request signature; no user token.",
  'hubspot-signed-or-ticket':
    "Called by the HubSpot app card with HubSpot's v3 request signature, or by the public campaign picker with its picker ticket; no user token.",
  'stripe-signed': "Called by Stripe, with Stripe's webhook signature; no user token.",
};

/** Every error reply is this envelope (spec §7, §8), except API Gateway's own ({@link ZGatewayError}). */
const ZErrorEnvelope = z.object({
  success: z.literal(false),
  payload: z.null(),
  error: z.string(),
  fieldErrors: z.optional(ZFieldErrors),
});

/** API Gateway's own replies: the authorizer's 401, a body too large, an integration failure or timeout. */
const ZGatewayError = z.object({ message: z.string() });

const envelopeExample = (error: string) => ({ success: false, payload: null, error });

type ErrorBody = 'envelope' | 'gateway' | 'either';

/** A reply every operation of a kind may get, kept once under `components.responses`. */
interface ErrorResponse {
  readonly status: string;
  readonly description: string;
  readonly body: ErrorBody;
  readonly examples: Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>;
  readonly retryAfter?: true;
  /** Which operations may answer it. */
  readonly appliesTo: (operation: AnyOperation, facts: OperationFacts) => boolean;
}

interface OperationFacts {
  readonly takesInput: boolean;
  readonly hasBody: boolean;
  readonly implemented: boolean | undefined;
}

const signed = (auth: AuthKind): boolean => auth !== 'user' && auth !== 'public';

/**
 * The error replies, as `lambdas/src/entry/http.ts` (typed errors to status and envelope), the signature
 * checks, the paging cursor and API Gateway (the authorizer, WAF and throttling, body limit, integration
 * failures) answer them; the local gateway answers the same.
 */
const ERROR_RESPONSES: Readonly<Record<string, ErrorResponse>> = {
  BadRequest: {
    status: '400',
    description:
      "The request does not match the operation's schemas: `fieldErrors` maps each field's dotted path to its messages, and `error` sums them up. Also a body that is missing or not readable, a cursor that is not one of this list for this caller, or a rule of the use case.",
    body: 'envelope',
    examples: {
      fields: {
        summary: 'Fields that break the schema',
        value: {
          ...envelopeExample('Invalid request. name: Too small: expected string to have >=1 characters'),
          fieldErrors: { name: ['Too small: expected string to have >=1 characters'] },
        },
      },
      missingBody: { summary: 'No body, or one that is not JSON', value: envelopeExample(MISSING_BODY_ERROR) },
    },
    appliesTo: (_op, facts) => facts.takesInput,
  },
  Unauthorized: {
    status: '401',
    description:
      "No access token, or one that is invalid or expired: API Gateway's authorizer answers before the handler.",
    body: 'gateway',
    examples: {
      missing: { summary: 'No token, or a bad one', value: GATEWAY_MESSAGES.unauthorized },
      expired: { summary: 'An expired token (refresh it)', value: GATEWAY_MESSAGES.expired },
    },
    appliesTo: (op) => op.auth === 'user',
  },
  SignatureRefused: {
    status: '401',
    description:
      'The signature (or picker ticket) is missing, wrong or outside its time window, or the HubSpot `appId` is not ours. Checked before anything else: an unsigned request learns nothing about its shape.',
    body: 'envelope',
    examples: {
      hubspot: { summary: 'A HubSpot call', value: envelopeExample('Unauthorized') },
      stripe: { summary: 'A Stripe webhook', value: envelopeExample('Invalid webhook signature.') },
    },
    appliesTo: (op) => signed(op.auth),
  },
  Forbidden: {
    status: '403',
    description:
      'A signed-in user who may not do this: a user without an agency, or a call kept for allow-listed internal users.',
    body: 'envelope',
    examples: { noAgency: { summary: 'No agency', value: envelopeExample('Your user is not assigned to an agency.') } },
    appliesTo: (op) => op.auth === 'user',
  },
  NotFound: {
    status: '404',
    description:
      "Nothing with these ids: missing, or another agency's (or another portal's). Both answer alike, so ids of other tenants reveal nothing.",
    body: 'envelope',
    examples: { notFound: { summary: 'Not found', value: envelopeExample('Not found.') } },
    appliesTo: (op, facts) => op.auth !== 'public' && facts.takesInput,
  },
  Conflict: {
    status: '409',
    description:
      'A write refused by a condition: the record exists already, or changed since it was read (read it again and retry).',
    body: 'envelope',
    examples: {
      changed: {
        summary: 'Changed meanwhile',
        value: envelopeExample('This list was changed meanwhile. Please reload it and try again.'),
      },
    },
    appliesTo: (op) => op.method !== 'GET' && op.paged === undefined && op.auth !== 'public',
  },
  PayloadTooLarge: {
    status: '413',
    description: "A body over API Gateway's 10 MB limit.",
    body: 'gateway',
    examples: { tooLarge: { summary: 'Too large', value: GATEWAY_MESSAGES.tooLarge } },
    appliesTo: (_op, facts) => facts.hasBody,
  },
  UnsupportedMediaType: {
    status: '415',
    description:
      'A body of another type than the operation reads: JSON operations take `application/json` (or a `+json` type) in UTF-8, form operations `multipart/form-data`. Nothing is guessed from the bytes.',
    body: 'envelope',
    examples: {
      json: { summary: 'A JSON operation', value: envelopeExample(UNSUPPORTED_JSON_MEDIA_TYPE_ERROR) },
      form: { summary: 'A form upload', value: envelopeExample(UNSUPPORTED_FORM_MEDIA_TYPE_ERROR) },
    },
    appliesTo: (_op, facts) => facts.hasBody,
  },
  TooManyRequests: {
    status: '429',
    description:
      "Over the caller's request budget: per user for signed-in calls, per IP address for `/public` calls (the WAF's rate rules), or the stage's throttle. `Retry-After` says when to try again.",
    body: 'envelope',
    retryAfter: true,
    examples: { tooMany: { summary: 'Too many requests', value: envelopeExample(TOO_MANY_REQUESTS_ERROR) } },
    appliesTo: () => true,
  },
  InternalError: {
    status: '500',
    description: 'Our failure; the details stay in the log and the reply says only the generic text.',
    body: 'envelope',
    examples: { generic: { summary: 'Generic text', value: envelopeExample(GENERIC_REQUEST_ERROR) } },
    appliesTo: () => true,
  },
  NotImplemented: {
    status: '501',
    description: 'The operation is in the table but its handler does not exist yet.',
    body: 'envelope',
    examples: { notYet: { summary: 'Not implemented yet', value: envelopeExample(NOT_IMPLEMENTED_ERROR) } },
    appliesTo: (_op, facts) => facts.implemented === false,
  },
  BadGateway: {
    status: '502',
    description:
      'A vendor (bidder, CRM, payments, company match, mail) failed (the envelope: the generic text, or where the user can act on it, what happened in our words: a campaign creation or targeting change the ad server failed says nothing was made), or the handler itself failed (API Gateway\'s `{"message"}`).',
    body: 'either',
    examples: {
      vendor: { summary: 'A vendor failed', value: envelopeExample(GENERIC_REQUEST_ERROR) },
      integration: { summary: 'The handler failed', value: GATEWAY_MESSAGES.internal },
    },
    appliesTo: () => true,
  },
  ServiceUnavailable: {
    status: '503',
    description:
      "The database stayed throttled through the server's own retries: nothing was changed, and the same request may be sent again in a moment.",
    body: 'envelope',
    examples: { busy: { summary: 'Busy, try again', value: envelopeExample(BUSY_ERROR) } },
    appliesTo: () => true,
  },
  GatewayTimeout: {
    status: '504',
    description: "No answer within API Gateway's 29 seconds: long work goes over the realtime API instead.",
    body: 'gateway',
    examples: { timeout: { summary: 'Timed out', value: GATEWAY_MESSAGES.timeout } },
    appliesTo: () => true,
  },
};

const RESPONSE_REF_PREFIX = '#/components/responses/';

/** The envelope the API's description opens with. */
const INFO_DESCRIPTION = [
  "Every reply of the REST API is the envelope `{success, payload, error}`: on success `payload` is the operation's answer and `error` is null; on failure `payload` is null and `error` is a text to show. A 400 adds `fieldErrors` (dotted field path to messages), and a paged list's success adds `nextCursor`. Only API Gateway's own refusals (the authorizer's 401, a body over 10 MB, a failed or timed-out integration) answer `{\"message\"}` instead.",
  "Lists are paged: `limit` (up to the operation's maximum) and `cursor` go in the query string on every method, and `nextCursor` (null once the list has ended) is the next page's `cursor`. A cursor is sealed for the list and the caller's agency.",
  'Long work (CRM imports, company matching, campaign creation) goes over the realtime (WebSocket) API, described in the `x-websocket` extension of this document.',
  'This document is generated from the operation table (`shared/src/api/operations.ts`) and the realtime events (`shared/src/realtime/events.ts`): a new operation appears here as soon as it is in the table.',
].join('\n\n');

/** Every entity schema (`Z<Name>` objects of `shared/src/entities.ts`) as a component named `<Name>`. */
function nameEntities(components: SchemaComponents): void {
  for (const [exported, value] of Object.entries(entities)) {
    if (/^Z[A-Z]/.test(exported) && value instanceof z.ZodMiniObject) components.name(value, exported.slice(1));
  }
}

/** The properties and required keys of an object schema written out inline. */
function objectFields(schema: TJsonSchema): { properties: Record<string, TJsonSchema>; required: string[] } {
  return {
    properties: (schema['properties'] ?? {}) as Record<string, TJsonSchema>,
    required: (schema['required'] ?? []) as string[],
  };
}

function parametersOf(op: AnyOperation, components: SchemaComponents): TParameter[] {
  const path = objectFields(components.inline(op.params));
  const query = objectFields(components.inline(op.query));
  const pageNotes: Record<string, string> = op.paged
    ? {
        limit: `Items of this page: 1 to ${op.paged.maxLimit}; ${op.paged.defaultLimit} when absent.`,
        cursor: `The \`nextCursor\` of the previous page (opaque, at most ${MAX_CURSOR_LENGTH} characters); absent for the first page.`,
      }
    : {};
  return [
    ...Object.entries(path.properties).map(([name, schema]) => ({
      name,
      in: 'path' as const,
      required: true,
      schema,
    })),
    ...Object.entries(query.properties).map(([name, schema]) => ({
      name,
      in: 'query' as const,
      required: query.required.includes(name),
      ...(pageNotes[name] ? { description: pageNotes[name] } : {}),
      schema,
    })),
  ];
}

function requestBodyOf(op: AnyOperation, components: SchemaComponents): TRequestBody | undefined {
  const optional = op.body.safeParse(undefined).success;
  const schema = components.schema(op.body);
  // `z.optional(z.unknown())`, the table's "no body", converts to the empty schema.
  if (optional && Object.keys(schema).length === 0) return undefined;
  const form = op.bodyKind === 'form';
  return {
    required: !optional,
    description: form
      ? 'Multipart form data: the fields below as form fields, the file (if any) as a file part.'
      : 'JSON (`application/json`, UTF-8).',
    content: { [form ? 'multipart/form-data' : 'application/json']: { schema } },
  };
}

function successResponseOf(op: AnyOperation, components: SchemaComponents): TResponse {
  const envelope = z.object({
    success: z.literal(true),
    payload: op.response,
    error: z.null(),
    ...(op.paged ? { nextCursor: ZNextCursor } : {}),
  });
  return {
    description: op.paged
      ? 'The envelope with one page of the list as `payload` and `nextCursor` (null once the list has ended).'
      : "The envelope with the operation's answer as `payload`.",
    content: { 'application/json': { schema: components.schema(envelope) } },
  };
}

function descriptionOf(op: AnyOperation, facts: OperationFacts): string {
  return [
    AUTH_SENTENCES[op.auth],
    op.paged
      ? `A paged list: up to ${op.paged.defaultLimit} items a page unless \`limit\` says otherwise (at most ${op.paged.maxLimit}).`
      : '',
    facts.implemented === false ? 'Not implemented yet: the call answers 501.' : '',
    `Spec: ${op.specRef}.`,
  ]
    .filter((sentence) => sentence !== '')
    .join(' ');
}

function operationObject(
  op: AnyOperation,
  tag: string,
  components: SchemaComponents,
  isImplemented: OpenApiDocumentOptions['isImplemented'],
): TOperationObject {
  const parameters = parametersOf(op, components);
  const requestBody = requestBodyOf(op, components);
  const facts: OperationFacts = {
    takesInput: parameters.length > 0 || requestBody !== undefined,
    hasBody: requestBody !== undefined,
    implemented: isImplemented?.(op),
  };
  const responses: Record<string, TResponse | TRef> = { '200': successResponseOf(op, components) };
  for (const [name, error] of Object.entries(ERROR_RESPONSES)) {
    if (error.appliesTo(op, facts)) responses[error.status] = { $ref: `${RESPONSE_REF_PREFIX}${name}` };
  }
  return {
    operationId: op.name,
    summary: op.summary,
    description: descriptionOf(op, facts),
    tags: [tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: SECURITY[op.auth],
    'x-auth': op.auth,
    'x-spec-ref': op.specRef,
    ...(op.paged ? { 'x-paged': { defaultLimit: op.paged.defaultLimit, maxLimit: op.paged.maxLimit } } : {}),
    ...(facts.implemented === undefined ? {} : { 'x-implemented': facts.implemented }),
  };
}

function errorResponses(components: SchemaComponents): Record<string, TResponse> {
  const envelope = components.schema(ZErrorEnvelope);
  const gateway = components.schema(ZGatewayError);
  const bodies: Record<ErrorBody, TJsonSchema> = { envelope, gateway, either: { anyOf: [envelope, gateway] } };
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, error]) => [
      name,
      {
        description: error.description,
        ...(error.retryAfter
          ? {
              headers: {
                'Retry-After': {
                  description: 'Whole seconds until a request would go through.',
                  schema: { type: 'integer', minimum: 0 },
                },
              },
            }
          : {}),
        content: { 'application/json': { schema: bodies[error.body], examples: error.examples } },
      },
    ]),
  );
}

function webSocketApi(wsUrl: string, events: readonly RealtimeEventDef[], components: SchemaComponents): TWebSocketApi {
  const actions = Object.fromEntries(
    events.map((event): [string, TWebSocketAction] => {
      const request = components.schema(event.request);
      const reply = z.extend(ZRealtimeReply, {
        event: z.literal(event.successEvent),
        success: z.literal(true),
        payload: event.payload,
        error: z.null(),
      });
      return [
        event.name,
        {
          summary: event.summary,
          specRef: event.specRef,
          message: {
            allOf: [
              components.schema(ZRealtimeEnvelope),
              { type: 'object', properties: { action: { const: event.name } }, required: ['action'] },
              request,
            ],
          },
          request,
          successEvent: event.successEvent,
          errorEvent: event.errorEvent,
          reply: components.schema(reply),
          chunkedRequest: event.parts?.splitRequest !== undefined,
          replyInParts: event.parts?.splitPayload !== undefined,
        },
      ];
    }),
  );
  return {
    url: wsUrl,
    description: [
      "Connect with the access token in the `token` query parameter. A client message is `{action, reqID, ...fields}` (`reqID` chosen by the client, the same for every chunk and retry of one call). While working the server may send progress `{reqID, done, total}`; it ends with the action's reply event `{event, reqID, success, payload, error}`, to the asking connection only.",
      `A refusal is the action's error event with \`success: false\`, \`status\` (the HTTP status the same refusal has over REST) and, for bad input, \`fieldErrors\`; the connection stays open. Messages no action owns (not JSON, no or an unknown \`action\`) get \`${REALTIME_ERROR_EVENT}\`. \`{"action": "${REALTIME_KEEP_ALIVE_ACTION}"}\` keeps a quiet connection open and gets no reply.`,
      `A browser sends each message as one frame of at most ${REALTIME_LIMITS.maxFrameBytes / 1024} KB: longer requests of chunked actions go in chunks (\`chunk: {index, count}\`), each answered on its own; replies longer than a message come in parts (\`part: {index, count}\`).`,
    ].join('\n\n'),
    connect: {
      description:
        'The upgrade is refused with 401 for a missing, invalid or expired token and 403 for a user without an agency.',
      parameters: [
        {
          name: 'token',
          in: 'query',
          required: true,
          description: 'A Cognito access token of the user pool.',
          schema: { type: 'string' },
        },
      ],
    },
    limits: REALTIME_LIMITS,
    messages: {
      envelope: components.schema(ZRealtimeEnvelope),
      progress: components.schema(ZRealtimeProgress),
      refusal: components.schema(
        z.extend(ZRealtimeReply, { success: z.literal(false), payload: z.null(), error: z.string() }),
      ),
      notice: components.schema(ZGatewayNotice),
      keepAlive: {
        type: 'object',
        properties: { action: { const: REALTIME_KEEP_ALIVE_ACTION } },
        required: ['action'],
      },
    },
    actions,
  };
}

/** FNV-1a: a short, stable fingerprint of the contract for `info.version` (the same text gives the same version). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The OpenAPI 3.1 document of the REST API, generated from the operation table: a path item and method
 * per operation (operationId = its name, tagged with its feature), path and query parameters, the body,
 * the envelope of its answer and the error replies it may get, and who may call it. The realtime
 * events are in `x-websocket`. Schemas come from the contract's zod schemas (`SchemaComponents`);
 * entities are components. `info.version` is a fingerprint of everything but the servers, so the
 * local and the cloud documents of one contract carry the same version.
 */
export function buildOpenApiDocument(options: OpenApiDocumentOptions): TOpenApiDocument {
  const features = options.features ?? operationFeatures;
  const components = new SchemaComponents();
  nameEntities(components);
  components.name(ZErrorEnvelope, 'ErrorEnvelope', "Every error reply of the API but API Gateway's own.");
  components.name(
    ZGatewayError,
    'GatewayError',
    "API Gateway's own replies (authorizer, limits, integration failures).",
  );
  components.name(ZFieldErrors, 'FieldErrors', "A 400's field errors: dotted field path to its messages.");
  components.name(ZRealtimeEnvelope, 'RealtimeEnvelope', 'The fields every realtime message carries.');
  components.name(ZRealtimeProgress, 'RealtimeProgress', 'Progress of a request while the server works on it.');
  components.name(ZGatewayNotice, 'RealtimeGatewayNotice', 'What API Gateway sends when it cannot deliver a message.');

  const paths: Record<string, Record<string, TOperationObject>> = {};
  const tags: { name: string; description: string }[] = [];
  for (const [feature, operations] of Object.entries(features)) {
    const tag = featureTitle(feature);
    tags.push({ name: tag, description: `The operations of the ${feature} feature.` });
    for (const op of Object.values(operations)) {
      const item = (paths[op.path] ??= {});
      const method = op.method.toLowerCase() as TLowerMethod;
      if (item[method]) throw new Error(`Two operations for ${op.method} ${op.path}`);
      item[method] = operationObject(op, tag, components, options.isImplemented);
    }
  }
  const responses = errorResponses(components);
  const websocket = webSocketApi(options.wsUrl, options.events ?? tableEvents, components);
  const schemas = components.components();
  const version = fingerprint(JSON.stringify({ paths, schemas, responses, websocket: websocket.actions }));

  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'BidGrid API',
      version: `1.0.0+${version}`,
      summary: "BidGrid's REST API and its realtime (WebSocket) events.",
      description: INFO_DESCRIPTION,
    },
    servers: [{ url: options.apiUrl, description: `The REST API (${options.environment})` }],
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { schemas, responses, securitySchemes: SECURITY_SCHEMES },
    'x-websocket': websocket,
  };
}
