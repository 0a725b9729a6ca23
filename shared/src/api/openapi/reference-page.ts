import { createHash } from 'node:crypto';
import { SCHEMA_REF_PREFIX, type TJsonSchema } from './json-schema';
import {
  API_REFERENCE_PATH,
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
td.field { white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem; }
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
.index { padding-left: 1.25rem; }
.index li { margin: .25rem 0; }
nav a[aria-current="page"] { font-weight: 700; }
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

/**
 * A field's rules led by whether it must be there. One column fewer than a Required column: the page holds
 * over a thousand rows, and every cell is work for a screen reader's table navigation and for axe.
 */
const withPresence = (required: boolean, text: string): string =>
  [required ? 'required' : 'optional', text].filter(Boolean).join('; ');

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
        `<tr><td class="field">${escapeHtml(row.path)}</td><td>${typeLabel(row.schema)}</td><td>${withPresence(row.required, rules(row.schema))}</td></tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Rules</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
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

/** The realtime page's path (the feature pages are `/reference/<feature>`). */
export const REALTIME_REFERENCE_PATH = `${API_REFERENCE_PATH}/realtime`;

/** The page of a tag's operations: `/reference/<tag as a slug>`. */
export const tagPagePath = (tag: string): string => `${API_REFERENCE_PATH}/${slug(tag)}`;

const onIndex = (anchor: string): string => `${API_REFERENCE_PATH}#${anchor}`;

function securityText(requirements: readonly TSecurityRequirement[]): string {
  if (requirements.length === 0) return 'none: anyone may call';
  return requirements
    .map((requirement) =>
      Object.keys(requirement)
        .map((name) => `<a href="${onIndex(`security-${slug(name)}`)}">${escapeHtml(SCHEME_LABELS[name] ?? name)}</a>`)
        .join(' and '),
    )
    .join(', or ');
}

function parameterTable(caption: string, parameters: readonly TParameter[]): string {
  const body = parameters
    .map(
      (p) =>
        `<tr><td class="field">${escapeHtml(p.name)}</td><td>${p.in}</td><td>${typeLabel(p.schema)}</td><td>${withPresence(p.required, [rules(p.schema), p.description ? prose(p.description) : ''].filter(Boolean).join('; '))}</td></tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Rules</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function responseName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

const methodBadge = (method: string): string =>
  `<span class="method method-${method.toLowerCase()}">${escapeHtml(method.toUpperCase())}</span>`;

function operationSection(method: string, path: string, op: TOperationObject): string {
  const id = operationAnchor(op.operationId);
  const parts: string[] = [
    `<section class="operation" id="${id}" aria-labelledby="${id}-title">`,
    `<h2 id="${id}-title">${methodBadge(method)} <code>${escapeHtml(path)}</code></h2>`,
    `<p>${prose(op.summary)}</p>`,
    `<dl class="facts"><dt>Operation</dt><dd><code>${escapeHtml(op.operationId)}</code></dd><dt>Auth</dt><dd>${securityText(op.security)}</dd><dt>Spec</dt><dd>${escapeHtml(op['x-spec-ref'])}</dd></dl>`,
    `<p class="muted">${prose(op.description)}</p>`,
  ];
  if (op.parameters && op.parameters.length > 0) {
    parts.push('<h3>Parameters</h3>', parameterTable(`${op.operationId}: parameters`, op.parameters));
  }
  if (op.requestBody) {
    const [type, media] = Object.entries(op.requestBody.content)[0] ?? [];
    parts.push(
      '<h3>Request body</h3>',
      `<p><code>${escapeHtml(type ?? '')}</code>, ${op.requestBody.required ? 'required' : 'optional'}. ${prose(op.requestBody.description)}</p>`,
      media ? schemaBlock(`${op.operationId}: body`, media.schema) : '',
    );
  }
  // The success reply in full; the error replies as links to their one description on the index page (a
  // table of them per operation made the pages thousands of cells longer, for the same words each time).
  const errors: string[] = [];
  let success = '';
  for (const [status, response] of Object.entries(op.responses)) {
    if (isRef(response)) {
      const name = responseName(response.$ref);
      errors.push(`<a href="${onIndex(responseAnchor(name))}">${status} ${escapeHtml(name)}</a>`);
      continue;
    }
    success = [`<p>${status}: ${prose(response.description)}</p>`, payloadBlock(op.operationId, response)].join('\n');
  }
  parts.push('<h3>Replies</h3>', success, `<p>Errors: ${errors.join(', ')}.</p>`, '</section>');
  return parts.join('\n');
}

/** The success reply's payload (the envelope around it is described once, on the index page). */
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
      const body = media ? typeLabel(media.schema) : '';
      return [
        `<h4 id="${responseAnchor(name)}">${status ?? ''} ${escapeHtml(name)}</h4>`,
        `<p>${prose(response.description)}</p>`,
        body
          ? `<p>Body: ${body}.${headers.length > 0 ? ` Headers: ${headers.map((h) => `<code>${escapeHtml(h)}</code>`).join(', ')}.` : ''}</p>`
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
    '<p>The replies the operations list by name: when each comes, and what it looks like.</p>',
    errors,
    '</section>',
  ].join('\n');
}

function actionSection(name: string, action: TWebSocketAction): string {
  const id = actionAnchor(name);
  const payload = (action.reply['properties'] as Record<string, TJsonSchema> | undefined)?.['payload'];
  return [
    `<section class="operation" id="${id}" aria-labelledby="${id}-title">`,
    `<h2 id="${id}-title"><span class="method method-ws">WS</span> <code>${escapeHtml(name)}</code></h2>`,
    `<p>${prose(action.summary)}</p>`,
    `<dl class="facts"><dt>Reply event</dt><dd><code>${escapeHtml(action.successEvent)}</code></dd><dt>Error event</dt><dd><code>${escapeHtml(action.errorEvent)}</code></dd><dt>Long requests</dt><dd>${action.chunkedRequest ? 'sent in chunks' : 'one message'}</dd><dt>Long replies</dt><dd>${action.replyInParts ? 'in parts' : 'one message'}</dd><dt>Spec</dt><dd>${escapeHtml(action.specRef)}</dd></dl>`,
    schemaBlock(`${name}: fields (beside action, reqID and chunk)`, action.request),
    payload ? schemaBlock(`${action.successEvent}: payload`, payload) : '',
    '</section>',
  ].join('\n');
}

function realtimeIntro(document: TOpenApiDocument): string {
  const ws = document['x-websocket'];
  const limits = Object.entries(ws.limits)
    .map(
      ([key, value]) => `<tr><td class="field">${escapeHtml(key)}</td><td>${value.toLocaleString('en-US')}</td></tr>`,
    )
    .join('\n');
  return [
    '<section aria-labelledby="connection"><h2 id="connection">Connection and messages</h2>',
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
    '</section>',
  ].join('\n');
}

/** The names of the components `values` point at, and the ones those point at, in the document's order. */
function schemasUsedBy(document: TOpenApiDocument, values: readonly unknown[]): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF_PREFIX)) {
        const name = value.slice(SCHEMA_REF_PREFIX.length);
        if (!found.has(name)) {
          found.add(name);
          walk(document.components.schemas[name]);
        }
      } else walk(value);
    }
  };
  walk(values);
  return Object.keys(document.components.schemas).filter((name) => found.has(name));
}

/** The named schemas a page uses, each with its fields: a page is read without another one open. */
function schemasSection(document: TOpenApiDocument, names: readonly string[]): string {
  if (names.length === 0) return '';
  const entries = names.map((name) => {
    const schema = document.components.schemas[name] as TJsonSchema;
    const id = schemaAnchor(name);
    return [
      `<section id="${id}" aria-labelledby="${id}-title"><h3 id="${id}-title">${escapeHtml(name)}</h3>`,
      typeof schema['description'] === 'string' ? `<p>${prose(schema['description'])}</p>` : '',
      schemaBlock(name, { ...schema, description: undefined }),
      '</section>',
    ].join('\n');
  });
  return ['<section aria-labelledby="schemas"><h2 id="schemas">Schemas used here</h2>', ...entries, '</section>'].join(
    '\n',
  );
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

/** The pages' shared contents: every page, the current one marked and opened onto its own sections. */
function navigation(pages: readonly { path: string; title: string }[], current: string, inside: string): string {
  const items = pages
    .map(({ path, title }) =>
      path === current
        ? `<li><a href="${path}" aria-current="page">${escapeHtml(title)}</a>${inside}</li>`
        : `<li><a href="${path}">${escapeHtml(title)}</a></li>`,
    )
    .join('\n');
  return `<nav aria-label="Contents"><ul>\n${items}\n</ul></nav>`;
}

const sectionLinks = (links: readonly { anchor: string; text: string }[]): string =>
  links.length === 0
    ? ''
    : `<ul>${links.map((link) => `<li><a href="#${link.anchor}">${escapeHtml(link.text)}</a></li>`).join('')}</ul>`;

function pageShell(
  document: TOpenApiDocument,
  options: { title: string; lead: string; nav: string; main: readonly string[] },
): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<style>${REFERENCE_PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to the reference</a>',
    '<header>',
    `<h1>${escapeHtml(options.title)}</h1>`,
    `<p>${options.lead} Version <code>${escapeHtml(document.info.version)}</code>; the machine-readable document is <a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>`,
    '</header>',
    '<div class="layout">',
    options.nav,
    '<main id="main">',
    ...options.main,
    '</main>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The API reference as self-contained HTML pages rendered from the OpenAPI document, by path:
 * `/reference` (the envelope, authentication, error replies and every operation by feature),
 * `/reference/<feature>` (a feature's operations: method, path, auth, parameters, body and replies as
 * schema tables, with the named schemas they use) and `/reference/realtime` (the `x-websocket` actions).
 * One page per feature keeps each readable and quick for a screen reader and axe: the whole API on one
 * page was some 10,000 elements. No script; the one stylesheet is inline and named by hash in the pages'
 * policy. Headings, landmarks, captioned tables.
 */
export function renderReferencePages(document: TOpenApiDocument): ReadonlyMap<string, string> {
  const title = `${document.info.title} reference`;
  const byTag = [...operationsByTag(document)];
  const actions = document['x-websocket'].actions;
  const pages = [
    { path: API_REFERENCE_PATH, title: 'Overview' },
    ...byTag.map(([tag]) => ({ path: tagPagePath(tag), title: tag })),
    { path: REALTIME_REFERENCE_PATH, title: 'Realtime (WebSocket)' },
  ];
  const duplicate = pages.find((page, i) => pages.findIndex((other) => other.path === page.path) !== i);
  if (duplicate) throw new Error(`Two reference pages at ${duplicate.path}`);
  const out = new Map<string, string>();

  const operationsIndex = byTag
    .map(([tag, ops]) => {
      const items = ops
        .map(
          ({ method, path, operation }) =>
            `<li><a href="${tagPagePath(tag)}#${operationAnchor(operation.operationId)}">${methodBadge(method)} <code>${escapeHtml(path)}</code></a> ${escapeHtml(operation.operationId)}: ${prose(operation.summary)}</li>`,
        )
        .join('\n');
      return `<h3 id="${tagAnchor(tag)}"><a href="${tagPagePath(tag)}">${escapeHtml(tag)}</a></h3>\n<ul class="index">\n${items}\n</ul>`;
    })
    .join('\n');
  out.set(
    API_REFERENCE_PATH,
    pageShell(document, {
      title,
      lead: prose(document.info.summary),
      nav: navigation(
        pages,
        API_REFERENCE_PATH,
        sectionLinks([
          { anchor: 'overview', text: 'Envelope and paging' },
          { anchor: 'security', text: 'Authentication' },
          { anchor: 'errors', text: 'Error replies' },
          { anchor: 'operations', text: 'Operations' },
          { anchor: 'schemas', text: 'Schemas used here' },
        ]),
      ),
      main: [
        overviewSection(document),
        '<section aria-labelledby="operations"><h2 id="operations">Operations</h2>',
        operationsIndex,
        `<h3 id="realtime"><a href="${REALTIME_REFERENCE_PATH}">Realtime (WebSocket)</a></h3>`,
        `<ul class="index">${Object.entries(actions)
          .map(
            ([name, action]) =>
              `<li><a href="${REALTIME_REFERENCE_PATH}#${actionAnchor(name)}">${escapeHtml(name)}</a>: ${prose(action.summary)}</li>`,
          )
          .join('\n')}</ul>`,
        '</section>',
        schemasSection(document, schemasUsedBy(document, [document.components.responses])),
      ],
    }),
  );

  for (const [tag, ops] of byTag) {
    const path = tagPagePath(tag);
    const description = document.tags.find((t) => t.name === tag)?.description ?? '';
    const schemas = schemasUsedBy(
      document,
      ops.map((o) => o.operation),
    );
    out.set(
      path,
      pageShell(document, {
        title: `${tag}: ${title}`,
        lead: `${prose(description)} The envelope, authentication and error replies are on the <a href="${API_REFERENCE_PATH}">overview</a>.`,
        nav: navigation(
          pages,
          path,
          sectionLinks([
            ...ops.map((o) => ({ anchor: operationAnchor(o.operation.operationId), text: o.operation.operationId })),
            ...(schemas.length > 0 ? [{ anchor: 'schemas', text: 'Schemas used here' }] : []),
          ]),
        ),
        main: [...ops.map((o) => operationSection(o.method, o.path, o.operation)), schemasSection(document, schemas)],
      }),
    );
  }

  const ws = document['x-websocket'];
  const realtimeSchemas = schemasUsedBy(document, [ws.messages, ws.actions]);
  out.set(
    REALTIME_REFERENCE_PATH,
    pageShell(document, {
      title: `Realtime (WebSocket): ${title}`,
      lead: `The realtime actions of the WebSocket API. The REST API's envelope, authentication and errors are on the <a href="${API_REFERENCE_PATH}">overview</a>.`,
      nav: navigation(
        pages,
        REALTIME_REFERENCE_PATH,
        sectionLinks([
          { anchor: 'connection', text: 'Connection and messages' },
          ...Object.keys(actions).map((name) => ({ anchor: actionAnchor(name), text: name })),
          ...(realtimeSchemas.length > 0 ? [{ anchor: 'schemas', text: 'Schemas used here' }] : []),
        ]),
      ),
      main: [
        realtimeIntro(document),
        ...Object.entries(actions).map(([name, action]) => actionSection(name, action)),
        schemasSection(document, realtimeSchemas),
      ],
    }),
  );
  return out;
}
