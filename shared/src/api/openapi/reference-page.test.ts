import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineOperation } from '../operation';
import { operations } from '../operations/index';
import { realtimeEvents } from '../../realtime/events';
import { buildOpenApiDocument } from './openapi-document';
import {
  escapeHtml,
  operationAnchor,
  REFERENCE_PAGE_STYLE,
  referencePageContentSecurityPolicy,
  renderReferencePage,
  schemaAnchor,
} from './reference-page';

const document = buildOpenApiDocument({
  apiUrl: 'http://127.0.0.1:4000',
  wsUrl: 'ws://127.0.0.1:4001/local',
  environment: 'local stack',
});
const page = renderReferencePage(document);

const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

describe('the API reference page', () => {
  it.each(operations.map((op) => [op.name, op] as const))('shows %s with its method and path', (_name, op) => {
    // Act
    const start = page.indexOf(`<section class="operation" id="${operationAnchor(op.name)}"`);
    const section = page.slice(start, page.indexOf('</section>', start));
    // Assess
    expect(start).toBeGreaterThan(-1);
    expect(section).toContain(`>${op.method}</span><code>${escapeHtml(op.path)}</code>`);
    expect(section).toContain(`<code>${op.name}</code>`);
  });

  it('shows every realtime action and every named schema', () => {
    for (const event of realtimeEvents) expect(ids, event.name).toContain(`ws-${event.name}`);
    for (const name of Object.keys(document.components.schemas)) expect(ids, name).toContain(schemaAnchor(name));
  });

  it('has unique ids, and every in-page link lands on one', () => {
    // Act
    const targets = [...page.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    // Assess
    expect(new Set(ids).size).toBe(ids.length);
    expect(targets.filter((target) => !ids.includes(target))).toEqual([]);
  });

  it('runs no script: no script element, no event handler attribute, no javascript: URL', () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    expect(page).not.toMatch(/javascript:/i);
  });

  it('names its stylesheet by hash in its policy, and the policy allows nothing else', () => {
    // Prepare
    const hash = createHash('sha256').update(REFERENCE_PAGE_STYLE).digest('base64');
    // Act
    const policy = referencePageContentSecurityPolicy();
    // Assess
    expect(page).toContain(`<style>${REFERENCE_PAGE_STYLE}</style>`);
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(page).not.toMatch(/\sstyle="/);
  });

  it('has a language, a title, the landmarks and headings that never skip a level', () => {
    // Act
    const levels = [...page.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    // Assess
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>BidGrid API reference</title>');
    for (const landmark of ['<header>', '<nav aria-label="Contents">', '<main id="main">'])
      expect(page).toContain(landmark);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1);
    expect(skips).toEqual([]);
  });

  it('captions every table and heads its columns', () => {
    // Act
    const tables = page.match(/<table>[\s\S]*?<\/table>/g) ?? [];
    // Assess
    expect(tables.length).toBeGreaterThan(operations.length);
    for (const table of tables) {
      expect(table).toMatch(
        /^<table><caption>[^<]+<\/caption><thead><tr>(<th scope="col">[^<]+<\/th>)+<\/tr><\/thead>/,
      );
    }
  });

  it('escapes what the document says, so no text of it becomes markup', () => {
    // Prepare
    const op = defineOperation({
      name: 'probe',
      method: 'POST',
      path: '/api/probe',
      auth: 'user',
      body: z.object({ note: z.string().describe('<img src=x onerror=alert(1)> & "quotes"') }),
      response: z.object({ ok: z.literal('<b>') }),
      summary: 'A <script>alert(1)</script> summary with `code`.',
      specRef: 'ours',
    });
    const crafted = buildOpenApiDocument({
      apiUrl: 'http://x/"><script>',
      wsUrl: 'ws://x',
      environment: 'test',
      features: { test: { op } },
      events: [],
    });
    // Act
    const html = renderReferencePage(crafted);
    // Assess
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('A &lt;script&gt;alert(1)&lt;/script&gt; summary with <code>code</code>.');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<code>&quot;&lt;b&gt;&quot;</code>');
    expect(html).toContain('http://x/&quot;&gt;&lt;script&gt;');
  });

  it('shows the rules of a field in words', () => {
    // Act
    const section = page.slice(page.indexOf(`id="${operationAnchor('listCampaignsByAdvertiser')}"`));
    // Assess
    expect(section).toMatch(
      /<code>limit<\/code><\/td><td>query<\/td><td>integer<\/td><td>no<\/td><td>&ge; 1; &le; 100; Items of this page/,
    );
    expect(section).toContain('matches <code>^bgAdvertiser-[A-Za-z0-9_-]+$</code>');
  });
});
