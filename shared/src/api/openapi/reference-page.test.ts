import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from '../../zod';
import { defineOperation } from '../operation';
import { operationFeatures, operations } from '../operations';
import { realtimeEvents } from '../../realtime/events';
import { API_REFERENCE_PATH, buildOpenApiDocument, featureTitle } from './openapi-document';
import {
  escapeHtml,
  operationAnchor,
  REALTIME_REFERENCE_PATH,
  REFERENCE_PAGE_STYLE,
  referencePageContentSecurityPolicy,
  renderReferencePages,
  schemaAnchor,
  tagPagePath,
} from './reference-page';

const document = buildOpenApiDocument({
  apiUrl: 'http://127.0.0.1:4000',
  wsUrl: 'ws://127.0.0.1:4001/local',
  environment: 'local stack',
});
const pages = renderReferencePages(document);

const idsOf = (html: string): string[] => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string);
const featureOf = (name: string): string =>
  Object.entries(operationFeatures).find(([, ops]) => Object.values(ops).some((op) => op.name === name))?.[0] ?? '';

describe('the API reference pages', () => {
  it('are the overview, one page per feature and the realtime page', () => {
    expect([...pages.keys()]).toEqual([
      API_REFERENCE_PATH,
      ...Object.keys(operationFeatures).map((feature) => tagPagePath(featureTitle(feature))),
      REALTIME_REFERENCE_PATH,
    ]);
    expect(tagPagePath('CRM card (public)')).toBe('/reference/crm-card-public');
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    "show %s on its feature's page with its method and path, and link it from the overview",
    (_name, op) => {
      // Prepare
      const path = tagPagePath(featureTitle(featureOf(op.name)));
      const page = pages.get(path) ?? '';
      // Act
      const start = page.indexOf(`<section class="operation" id="${operationAnchor(op.name)}"`);
      const section = page.slice(start, page.indexOf('</section>', start));
      // Assess
      expect(start).toBeGreaterThan(-1);
      expect(section).toContain(`>${op.method}</span> <code>${escapeHtml(op.path)}</code>`);
      expect(section).toContain(`<code>${op.name}</code>`);
      expect(pages.get(API_REFERENCE_PATH)).toContain(`href="${path}#${operationAnchor(op.name)}"`);
    },
  );

  it('show every realtime action on the realtime page', () => {
    const ids = idsOf(pages.get(REALTIME_REFERENCE_PATH) ?? '');
    for (const event of realtimeEvents) expect(ids, event.name).toContain(`ws-${event.name}`);
  });

  it('have unique ids, and every link lands: on the page, or on the page it names', () => {
    for (const [path, html] of pages) {
      // Prepare
      const ids = idsOf(html);
      // Act
      const targets = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);
      // Assess
      expect(new Set(ids).size, path).toBe(ids.length);
      for (const target of targets) {
        if (target === '/openapi.json') continue;
        const [page = '', anchor] = target.split('#');
        const html = page === '' ? pages.get(path) : pages.get(page);
        expect(html, `${path}: ${target}`).toBeDefined();
        if (anchor) expect(idsOf(html ?? ''), `${path}: ${target}`).toContain(anchor);
      }
    }
  });

  it('describe every named schema on some page, each page the schemas it uses', () => {
    // Act
    const described = new Set([...pages.values()].flatMap(idsOf));
    // Assess
    for (const name of Object.keys(document.components.schemas)) expect(described, name).toContain(schemaAnchor(name));
  });

  it('run no script: no script element, no event handler attribute, no javascript: URL, no style attribute', () => {
    for (const [path, html] of pages) {
      expect(html, path).not.toMatch(/<script/i);
      expect(html, path).not.toMatch(/\son[a-z]+=/i);
      expect(html, path).not.toMatch(/javascript:/i);
      expect(html, path).not.toMatch(/\sstyle="/);
      expect(html, path).toContain(`<style>${REFERENCE_PAGE_STYLE}</style>`);
    }
  });

  it('name their stylesheet by hash in their policy, which allows nothing else', () => {
    // Prepare
    const hash = createHash('sha256').update(REFERENCE_PAGE_STYLE).digest('base64');
    // Act
    const policy = referencePageContentSecurityPolicy();
    // Assess
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });

  it('have a language, a title, the landmarks, and headings that never skip a level', () => {
    for (const [path, html] of pages) {
      // Act
      const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      // Assess
      expect(html, path).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html, path).toMatch(/<title>[^<]*BidGrid API reference<\/title>/);
      for (const landmark of ['<header>', '<nav aria-label="Contents">', '<main id="main">']) {
        expect(html, path).toContain(landmark);
      }
      expect(html, path).toContain('aria-current="page"');
      expect(
        levels.filter((level) => level === 1),
        path,
      ).toHaveLength(1);
      expect(
        levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1),
        path,
      ).toEqual([]);
    }
  });

  it('caption every table and head its columns', () => {
    for (const [path, html] of pages) {
      for (const table of html.match(/<table>[\s\S]*?<\/table>/g) ?? []) {
        expect(table, path).toMatch(
          /^<table><caption>[^<]+<\/caption><thead><tr>(<th scope="col">[^<]+<\/th>)+<\/tr><\/thead>/,
        );
      }
    }
  });

  it('stay small enough to read and to check: no page over 2,500 table cells', () => {
    for (const [path, html] of pages) expect(html.split('<td').length - 1, path).toBeLessThan(2500);
  });

  it('escape what the document says, so no text of it becomes markup', () => {
    // Prepare
    const op = defineOperation({
      name: 'probe',
      method: 'POST',
      path: '/api/probe',
      auth: 'user',
      body: z.object({ note: z.string().check(z.describe('<img src=x onerror=alert(1)> & "quotes"')) }),
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
    const html = [...renderReferencePages(crafted).values()].join('\n');
    // Assess
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('A &lt;script&gt;alert(1)&lt;/script&gt; summary with <code>code</code>.');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<code>&quot;&lt;b&gt;&quot;</code>');
    expect(html).toContain('http://x/&quot;&gt;&lt;script&gt;');
  });

  it('show the rules of a field in words, led by whether it must be there', () => {
    // Act
    const page = pages.get(tagPagePath(featureTitle('campaign'))) ?? '';
    const section = page.slice(page.indexOf(`id="${operationAnchor('listCampaignsByAdvertiser')}"`));
    // Assess
    expect(section).toMatch(
      /<td class="field">limit<\/td><td>query<\/td><td>integer<\/td><td>optional; &ge; 1; &le; 100; Items of this page/,
    );
    expect(section).toMatch(
      /<td class="field">advertiserId<\/td><td>path<\/td><td>string<\/td><td>required; at most 128 characters; matches <code>\^bgAdvertiser-/,
    );
  });
});
