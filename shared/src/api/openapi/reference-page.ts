import { createHash } from 'node:crypto';
import { SCHEMA_REF_PREFIX, type TJsonSchema } from './json-schema';
import {
  OPENAPI_DOCUMENT_PATH,
  type TOpenApiDocument,
  type TOperationObject,
  type TParameter,
  type TRef,
  type TResponse,
  type TSecurityRequirement,
  type TWebSocketAction,
} from './openapi-document';

/**
 * The reference page's stylesheet: its only style, inline, allowed by its hash in the page's policy
 * (`referencePageContentSecurityPolicy`). Colours hold WCAG AA contrast (4.5:1) on their backgrounds.
 */
export const REFERENCE_PAGE_STYLE = `
:root { color-scheme: light; --ink: #1c1f23; --muted: #4a5058; --line: #d4d8dd; --soft: #f4f6f8; --link: #0b57a4; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
a { color: var(--link); }
a:focus-visible, summary:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem 1rem; }
.skip:focus { left: 1rem; }
header { max-width: 96rem; margin: 0 auto; padding: 1rem 1.5rem; }
main { padding: 1rem 1.5rem; }
header { border-bottom: 1px solid var(--line); }
.layout { display: grid; grid-template-columns: 17rem minmax(0, 1fr); max-width: 96rem; margin: 0 auto; }
nav { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; padding: 1rem; border-right: 1px solid var(--line); font-size: .875rem; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li ul { padding-left: .75rem; margin-bottom: .5rem; }
nav a { display: block; padding: .125rem 0; text-decoration: none; overflow-wrap: anywhere; }
nav a:hover { text-decoration: underline; }
main { min-width: 0; }
h1 { font-size: 1.75rem; margin: .25rem 0; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .5rem; padding-top: .5rem; border-top: 2px solid var(--line); }
h3 { font-size: 1.15rem; margin: 2rem 0 .5rem; overflow-wrap: anywhere; }
h4 { font-size: 1rem; margin: 1.25rem 0 .25rem; }
p, dl { margin: .5rem 0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875em; }
code { overflow-wrap: anywhere; }
pre { background: var(--soft); border: 1px solid var(--line); padding: .75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; overflow-wrap: break-word; }
th { background: var(--soft); }
td.field { white-space: nowrap; }
.muted { color: var(--muted); }
.operation { border: 1px solid var(--line); border-radius: 6px; padding: 0 1rem .5rem; margin: 1.25rem 0; }
.method { display: inline-block; min-width: 4.25rem; text-align: center; border-radius: 4px; padding: 0 .4rem; margin-right: .5rem; font-weight: 700; font-size: .85rem; }
.method-get { color: #0b4a8b; background: #e6effa; }
.method-post { color: #1b5e2a; background: #e5f3e8; }
.method-put { color: #7a4100; background: #fcefdc; }
.method-delete { color: #9b1c1f; background: #fbe7e8; }
.method-ws { color: #5b2a86; background: #f1e9f8; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .125rem 1rem; }
.facts dt, .schemes dt { font-weight: 600; }
.schemes dd { margin: 0 0 .5rem 1.5rem; }
.facts dd { margin: 0; }
@media (max-width: 50rem) {
  .layout { display: block; }
  nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); }
  td.field { white-space: normal; }
}
`;

/** `sha256-<base64>` of the stylesheet, as a CSP source names it. */
export const referencePageStyleHash = (): string =>
  `sha256-${createHash('sha256').update(REFERENCE_PAGE_STYLE, 'utf8').digest('base64')}`;

/**
 * The reference page's content security policy, locally (the gateway) and in the cloud (CloudFront):
 * no script of any kind, the page's own stylesheet by its hash, nothing fetched, framed or posted.
 */
export const referencePageContentSecurityPolicy = (): string =>
  [
    "default-src 'none'",
    `style-src '${referencePageStyleHash()}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML (content or a quoted attribute value). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A line of the document's prose: escaped, with its `code` spans as code. */
const prose = (text: string): string =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`);

const paragraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('\n');

/** An id usable in a fragment: letters, digits, `-` and `_`. */
const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const operationAnchor = (operationId: string): string => `op-${operationId}`;
export const schemaAnchor = (name: string): string => `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const responseAnchor = (name: string): string => `response-${name}`;
const tagAnchor = (tag: string): string => `tag-${slug(tag)}`;
const actionAnchor = (action: string): string => `ws-${action}`;

const isRef = (value: unknown): value is TRef =>
  typeof value === 'object' && value !== null && typeof (value as TRef).$ref === 'string';

const json = (value: unknown): string => escapeHtml(JSON.stringify(value));

/** Enumerations longer than this are folded under a summary. */
const LONG_ENUM = 12;

/** How a schema reads in the Type column: a link for a named schema, the shape otherwise. */
function typeLabel(schema: TJsonSchema): string {
  const ref = schema['$ref'];
  if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF_PREFIX)) {
    const name = ref.slice(SCHEMA_REF_PREFIX.length);
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  if (schema['const'] !== undefined) return `<code>${json(schema['const'])}</code>`;
  const values = schema['enum'];
  if (Array.isArray(values)) {
    const listed = values.map((value) => `<code>${json(value)}</code>`).join(', ');
    return values.length > LONG_ENUM
      ? `<details><summary>one of ${values.length} values</summary>${listed}</details>`
      : `one of ${listed}`;
  }
  const variants = (schema['anyOf'] ?? schema['oneOf']) as TJsonSchema[] | undefined;
  if (Array.isArray(variants)) return variants.map(typeLabel).join(' or ');
  const all = schema['allOf'] as TJsonSchema[] | undefined;
  if (Array.isArray(all)) return `all of: ${all.map(typeLabel).join(', ')}`;
  const type = schema['type'];
  if (Array.isArray(type)) return type.map((t) => typeLabel({ ...schema, type: t })).join(' or ');
  switch (type) {
    case 'array':
      return `array of ${typeLabel((schema['items'] ?? {}) as TJsonSchema)}`;
    case 'object': {
      const values = schema['additionalProperties'];
      if (typeof values === 'object' && values !== null && schema['properties'] === undefined) {
        return `map of ${typeLabel((schema['propertyNames'] ?? { type: 'string' }) as TJsonSchema)} to ${typeLabel(values as TJsonSchema)}`;
      }
      return 'object';
    }
    case 'string': {
      const format = schema['format'] ?? schema['contentEncoding'];
      return typeof format === 'string' ? `string (${escapeHtml(format)})` : 'string';
    }
    case undefined:
      return 'any';
    default:
      return escapeHtml(String(type));
  }
}

/** The constraints of a schema, in words. */
function rules(schema: TJsonSchema): string {
  const out: string[] = [];
  const n = (key: string): unknown => schema[key];
  if (n('minLength') !== undefined || n('maxLength') !== undefined) {
    out.push(
      n('minLength') !== undefined && n('maxLength') !== undefined
        ? `${String(n('minLength'))} to ${String(n('maxLength'))} characters`
        : n('maxLength') !== undefined
          ? `at most ${String(n('maxLength'))} characters`
          : `at least ${String(n('minLength'))} characters`,
    );
  }
  if (n('minimum') !== undefined) out.push(`&ge; ${String(n('minimum'))}`);
  if (n('exclusiveMinimum') !== undefined) out.push(`&gt; ${String(n('exclusiveMinimum'))}`);
  if (n('maximum') !== undefined && n('maximum') !== Number.MAX_SAFE_INTEGER) out.push(`&le; ${String(n('maximum'))}`);
  if (n('exclusiveMaximum') !== undefined) out.push(`&lt; ${String(n('exclusiveMaximum'))}`);
  if (n('multipleOf') !== undefined) out.push(`a multiple of ${String(n('multipleOf'))}`);
  if (n('minItems') !== undefined) out.push(`at least ${String(n('minItems'))} items`);
  if (n('maxItems') !== undefined) out.push(`at most ${String(n('maxItems'))} items`);
  if (typeof n('pattern') === 'string') out.push(`matches <code>${escapeHtml(String(n('pattern')))}</code>`);
  if (n('default') !== undefined) out.push(`default <code>${json(n('default'))}</code>`);
  if (typeof n('description') === 'string') out.push(prose(String(n('description'))));
  const items = n('items');
  if (typeof items === 'object' && items !== null && !isRef(items)) {
    const inner = rules(items as TJsonSchema);
    if (inner) out.push(`each item: ${inner}`);
  }
  return out.join('; ');
}

interface FieldRow {
  readonly path: string;
  readonly schema: TJsonSchema;
  readonly required: boolean;
}

/** An inline object's properties (a named one is a link, described once under Schemas). */
function ownProperties(schema: TJsonSchema): { properties: Record<string, TJsonSchema>; required: string[] } | null {
  const properties = schema['properties'];
  if (isRef(schema) || typeof properties !== 'object' || properties === null) return null;
  return { properties: properties as Record<string, TJsonSchema>, required: (schema['required'] ?? []) as string[] };
}

/** The nested fields under one field: an inline object's, its items', or each inline variant's. */
function nestedRows(path: string, schema: TJsonSchema): FieldRow[] {
  const object = ownProperties(schema);
  if (object) return fieldRows(object.properties, object.required, `${path}.`);
  const items = schema['items'];
  if (schema['type'] === 'array' && typeof items === 'object' && items !== null) {
    return nestedRows(`${path}[]`, items as TJsonSchema);
  }
  const variants = (schema['anyOf'] ?? schema['oneOf']) as TJsonSchema[] | undefined;
  if (Array.isArray(variants)) return variants.flatMap((variant) => nestedRows(path, variant));
  return [];
}

function fieldRows(properties: Record<string, TJsonSchema>, required: readonly string[], prefix: string): FieldRow[] {
  return Object.entries(properties).flatMap(([name, schema]) => {
    const path = `${prefix}${name}`;
    return [{ path, schema, required: required.includes(name) }, ...nestedRows(path, schema)];
  });
}

function fieldTable(caption: string, rows: readonly FieldRow[]): string {
  const body = rows
    .map(
      (row) =>
        `<tr><td class="field"><code>${escapeHtml(row.path)}</code></td><td>${typeLabel(row.schema)}</td><td>${row.required ? 'yes' : 'no'}</td><td>${rules(row.schema)}</td></tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Rules</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** A schema as a page shows it: its fields as a table, or its type and the fields nested in it. */
function schemaBlock(caption: string, schema: TJsonSchema): string {
  const object = ownProperties(schema);
  if (object) {
    if (Object.keys(object.properties).length === 0) return `<p>${escapeHtml(caption)}: an object with no fields.</p>`;
    return fieldTable(caption, fieldRows(object.properties, object.required, ''));
  }
  const nested = nestedRows('', schema);
  const constraints = rules(schema);
  return [
    `<p>${escapeHtml(caption)}: ${typeLabel(schema)}${constraints ? ` (${constraints})` : ''}</p>`,
    nested.length > 0 ? fieldTable(`${caption}: fields`, nested) : '',
  ].join('\n');
}

const SCHEME_LABELS: Readonly<Record<string, string>> = {
  cognito: 'Cognito access token',
  hubspotSignature: 'HubSpot signature',
  hubspotTimestamp: 'HubSpot timestamp',
  pickerTicket: 'picker ticket',
  stripeSignature: 'Stripe signature',
};

function securityText(requirements: readonly TSecurityRequirement[]): string {
  if (requirements.length === 0) return 'none: anyone may call';
  return requirements
    .map((requirement) =>
      Object.keys(requirement)
        .map((name) => `<a href="#security-${slug(name)}">${escapeHtml(SCHEME_LABELS[name] ?? name)}</a>`)
        .join(' and '),
    )
    .join(', or ');
}

function parameterTable(caption: string, parameters: readonly TParameter[]): string {
  const body = parameters
    .map(
      (p) =>
        `<tr><td class="field"><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${typeLabel(p.schema)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${[rules(p.schema), p.description ? prose(p.description) : ''].filter(Boolean).join('; ')}</td></tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Rules</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function responseName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function operationSection(document: TOpenApiDocument, method: string, path: string, op: TOperationObject): string {
  const id = operationAnchor(op.operationId);
  const parts: string[] = [
    `<section class="operation" id="${id}" aria-labelledby="${id}-title">`,
    `<h3 id="${id}-title"><span class="method method-${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>`,
    `<p>${prose(op.summary)}</p>`,
    `<dl class="facts"><dt>Operation</dt><dd><code>${escapeHtml(op.operationId)}</code></dd><dt>Auth</dt><dd>${securityText(op.security)}</dd><dt>Spec</dt><dd>${escapeHtml(op['x-spec-ref'])}</dd></dl>`,
    `<p class="muted">${prose(op.description)}</p>`,
  ];
  if (op.parameters && op.parameters.length > 0) {
    parts.push('<h4>Parameters</h4>', parameterTable(`${op.operationId}: parameters`, op.parameters));
  }
  if (op.requestBody) {
    const [type, media] = Object.entries(op.requestBody.content)[0] ?? [];
    parts.push(
      '<h4>Request body</h4>',
      `<p><code>${escapeHtml(type ?? '')}</code>, ${op.requestBody.required ? 'required' : 'optional'}. ${prose(op.requestBody.description)}</p>`,
      media ? schemaBlock(`${op.operationId}: body`, media.schema) : '',
    );
  }
  parts.push('<h4>Responses</h4>');
  const rows: string[] = [];
  let success = '';
  for (const [status, response] of Object.entries(op.responses)) {
    if (isRef(response)) {
      const name = responseName(response.$ref);
      const shared = document.components.responses[name];
      rows.push(
        `<tr><td>${status}</td><td><a href="#${responseAnchor(name)}">${escapeHtml(name)}</a></td><td>${shared ? prose(firstSentence(shared.description)) : ''}</td></tr>`,
      );
      continue;
    }
    rows.push(`<tr><td>${status}</td><td>Success</td><td>${prose(response.description)}</td></tr>`);
    success = payloadBlock(op.operationId, response);
  }
  parts.push(
    `<table><caption>${escapeHtml(op.operationId)}: replies</caption><thead><tr><th scope="col">Status</th><th scope="col">Reply</th><th scope="col">When</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`,
    success,
    '</section>',
  );
  return parts.join('\n');
}

const firstSentence = (text: string): string => {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
};

/** The success reply's payload (the envelope around it is described once, in the overview). */
function payloadBlock(operationId: string, response: TResponse): string {
  const schema = response.content?.['application/json']?.schema;
  const payload = (schema?.['properties'] as Record<string, TJsonSchema> | undefined)?.['payload'];
  return payload ? schemaBlock(`${operationId}: payload`, payload) : '';
}

function overviewSection(document: TOpenApiDocument): string {
  const schemes = Object.entries(document.components.securitySchemes)
    .map(
      ([name, scheme]) =>
        `<dt id="security-${slug(name)}">${escapeHtml(SCHEME_LABELS[name] ?? name)}</dt><dd>${scheme.type === 'http' ? `HTTP <code>${escapeHtml(scheme.scheme ?? '')}</code>` : `header <code>${escapeHtml(scheme.name ?? '')}</code>`}: ${prose(scheme.description)}</dd>`,
    )
    .join('\n');
  const errors = Object.entries(document.components.responses)
    .map(([name, response]) => {
      const media = response.content?.['application/json'];
      const examples = Object.values(media?.examples ?? {})
        .map((example) => `<p>${escapeHtml(example.summary)}:</p><pre><code>${json(example.value)}</code></pre>`)
        .join('\n');
      const status = Object.values(document.paths)
        .flatMap((item) => Object.values(item))
        .flatMap((op) => Object.entries(op.responses))
        .find(([, value]) => isRef(value) && responseName(value.$ref) === name)?.[0];
      const headers = Object.keys(response.headers ?? {});
      return [
        `<h4 id="${responseAnchor(name)}">${status ?? ''} ${escapeHtml(name)}</h4>`,
        `<p>${prose(response.description)}</p>`,
        media
          ? `<p>Body: ${typeLabel(media.schema)}.${headers.length > 0 ? ` Headers: ${headers.map((h) => `<code>${escapeHtml(h)}</code>`).join(', ')}.` : ''}</p>`
          : '',
        examples,
      ].join('\n');
    })
    .join('\n');
  return [
    '<section aria-labelledby="overview"><h2 id="overview">Overview</h2>',
    paragraphs(document.info.description),
    `<dl class="facts"><dt>Server</dt><dd><code>${escapeHtml(document.servers[0]?.url ?? '')}</code> (${escapeHtml(document.servers[0]?.description ?? '')})</dd><dt>Version</dt><dd><code>${escapeHtml(document.info.version)}</code></dd><dt>Document</dt><dd><a href="${OPENAPI_DOCUMENT_PATH}">OpenAPI ${escapeHtml(document.openapi)} (JSON)</a></dd></dl>`,
    '<h3 id="security">Authentication</h3>',
    `<dl class="schemes">${schemes}</dl>`,
    '<h3 id="errors">Error replies</h3>',
    '<p>The replies every operation lists by name: when each comes, and what it looks like.</p>',
    errors,
    '</section>',
  ].join('\n');
}

function actionSection(name: string, action: TWebSocketAction): string {
  const id = actionAnchor(name);
  const payload = (action.reply['properties'] as Record<string, TJsonSchema> | undefined)?.['payload'];
  return [
    `<section class="operation" id="${id}" aria-labelledby="${id}-title">`,
    `<h3 id="${id}-title"><span class="method method-ws">WS</span><code>${escapeHtml(name)}</code></h3>`,
    `<p>${prose(action.summary)}</p>`,
    `<dl class="facts"><dt>Reply event</dt><dd><code>${escapeHtml(action.successEvent)}</code></dd><dt>Error event</dt><dd><code>${escapeHtml(action.errorEvent)}</code></dd><dt>Long requests</dt><dd>${action.chunkedRequest ? 'sent in chunks' : 'one message'}</dd><dt>Long replies</dt><dd>${action.replyInParts ? 'in parts' : 'one message'}</dd><dt>Spec</dt><dd>${escapeHtml(action.specRef)}</dd></dl>`,
    schemaBlock(`${name}: fields (beside action, reqID and chunk)`, action.request),
    payload ? schemaBlock(`${action.successEvent}: payload`, payload) : '',
    '</section>',
  ].join('\n');
}

function realtimeSection(document: TOpenApiDocument): string {
  const ws = document['x-websocket'];
  const limits = Object.entries(ws.limits)
    .map(([key, value]) => `<tr><td><code>${escapeHtml(key)}</code></td><td>${value.toLocaleString('en-US')}</td></tr>`)
    .join('\n');
  return [
    '<section aria-labelledby="realtime"><h2 id="realtime">Realtime (WebSocket)</h2>',
    `<p>URL: <code>${escapeHtml(ws.url)}</code>. Described in the document's <code>x-websocket</code> extension (OpenAPI has no WebSocket).</p>`,
    paragraphs(ws.description),
    `<p>${prose(ws.connect.description)}</p>`,
    parameterTable('Connection parameters', ws.connect.parameters),
    `<table><caption>Limits</caption><thead><tr><th scope="col">Limit</th><th scope="col">Value (bytes or ms)</th></tr></thead><tbody>\n${limits}\n</tbody></table>`,
    '<h3 id="realtime-messages">Messages every action shares</h3>',
    schemaBlock('Client message envelope', ws.messages.envelope),
    schemaBlock('Progress', ws.messages.progress),
    schemaBlock('Refusal (the error event)', ws.messages.refusal),
    schemaBlock('API Gateway notice', ws.messages.notice),
    ...Object.entries(ws.actions).map(([name, action]) => actionSection(name, action)),
    '</section>',
  ].join('\n');
}

function schemasSection(document: TOpenApiDocument): string {
  const entries = Object.entries(document.components.schemas).map(([name, schema]) => {
    const id = schemaAnchor(name);
    return [
      `<section id="${id}" aria-labelledby="${id}-title"><h3 id="${id}-title">${escapeHtml(name)}</h3>`,
      typeof schema['description'] === 'string' ? `<p>${prose(schema['description'])}</p>` : '',
      schemaBlock(name, { ...schema, description: undefined }),
      '</section>',
    ].join('\n');
  });
  return ['<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>', ...entries, '</section>'].join('\n');
}

interface TaggedOperation {
  readonly method: string;
  readonly path: string;
  readonly operation: TOperationObject;
}

function operationsByTag(document: TOpenApiDocument): Map<string, TaggedOperation[]> {
  const byTag = new Map<string, TaggedOperation[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const tag of operation.tags) byTag.get(tag)?.push({ method, path, operation });
    }
  }
  return byTag;
}

function navigation(byTag: ReadonlyMap<string, readonly TaggedOperation[]>, document: TOpenApiDocument): string {
  const tagLinks = [...byTag]
    .map(
      ([tag, ops]) =>
        `<li><a href="#${tagAnchor(tag)}">${escapeHtml(tag)}</a><ul>${ops.map((o) => `<li><a href="#${operationAnchor(o.operation.operationId)}">${escapeHtml(o.operation.operationId)}</a></li>`).join('')}</ul></li>`,
    )
    .join('\n');
  const actions = Object.keys(document['x-websocket'].actions)
    .map((name) => `<li><a href="#${actionAnchor(name)}">${escapeHtml(name)}</a></li>`)
    .join('');
  return [
    '<nav aria-label="Contents"><ul>',
    '<li><a href="#overview">Overview</a></li>',
    tagLinks,
    `<li><a href="#realtime">Realtime (WebSocket)</a><ul>${actions}</ul></li>`,
    '<li><a href="#schemas">Schemas</a></li>',
    '</ul></nav>',
  ].join('\n');
}

/**
 * The API reference as one self-contained HTML page, rendered from the OpenAPI document: an overview
 * (envelope, authentication, error replies), the operations grouped by tag (method, path, auth,
 * parameters, body and replies as schema tables), the realtime actions of `x-websocket`, and the named
 * schemas. No script; its stylesheet is inline and named by hash in the page's policy. Headings,
 * landmarks and captioned tables, for screen readers and axe.
 */
export function renderReferencePage(document: TOpenApiDocument): string {
  const byTag = operationsByTag(document);
  const tags = [...byTag]
    .map(([tag, ops]) => {
      const description = document.tags.find((t) => t.name === tag)?.description ?? '';
      return [
        `<section aria-labelledby="${tagAnchor(tag)}"><h2 id="${tagAnchor(tag)}">${escapeHtml(tag)}</h2>`,
        description ? `<p class="muted">${prose(description)}</p>` : '',
        ...ops.map((o) => operationSection(document, o.method, o.path, o.operation)),
        '</section>',
      ].join('\n');
    })
    .join('\n');
  const title = `${document.info.title} reference`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REFERENCE_PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to the reference</a>',
    '<header>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${prose(document.info.summary)} Version <code>${escapeHtml(document.info.version)}</code>; the machine-readable document is <a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>`,
    '</header>',
    '<div class="layout">',
    navigation(byTag, document),
    '<main id="main">',
    overviewSection(document),
    tags,
    realtimeSection(document),
    schemasSection(document),
    '</main>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
