import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../support/chromium';
import { spawnStack } from '../support/spawn-stack';
const stack = await spawnStack({ web: 'build' });
try {
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const page = await b.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(new URL('/', stack.info.webUrl!).href);
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard$/);
  const url = new URL('/advertisers/bgAdvertiser-demo-acme', stack.info.webUrl!).href;
  for (let i = 0; i < 2; i++) { await page.goto(url); await page.getByRole('table', { name: /^Creatives of/ }).waitFor(); }
  await b.close();
  const b2 = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  // trace
  const ctx = await b2.newContext({ viewport: { width: 1280, height: 800 } });
  const p2 = await ctx.newPage();
  await p2.goto(new URL('/', stack.info.webUrl!).href);
  await p2.getByLabel('Username').fill('demo');
  await p2.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await p2.getByRole('button', { name: 'Log in' }).click();
  await p2.waitForURL(/\/dashboard$/);
  await p2.goto(url); await p2.getByRole('table', { name: /^Creatives of/ }).waitFor();
  await p2.goto('about:blank');
  await b2.startTracing(p2, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler'] });
  await p2.goto(url); await p2.getByRole('table', { name: /^Creatives of/ }).waitFor();
  await b2.stopTracing();
  await b2.close();
} finally { await stack.stop(); }
