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
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const t0 = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.includes('/api/')) return;
    const frames = (e.initiator.stack?.callFrames ?? []).slice(0, 12).map((f) => `${f.functionName || '?'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`);
    let parent = e.initiator.stack?.parent; const async: string[] = [];
    while (parent && async.length < 4) { async.push(`[${parent.description}] ` + parent.callFrames.slice(0, 6).map((f) => `${f.functionName || '?'}@${f.url.split('/').pop()}`).join(' < ')); parent = parent.parent; }
    console.log(Date.now() - t0, e.request.url.replace(/^.*\/api/, ''), '\n   ', frames.join(' < '), '\n   ', async.join('\n    '));
  });
  await cdp.send('Debugger.enable'); await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 });
  await page.goto(new URL('/advertisers/bgAdvertiser-demo-acme', stack.info.webUrl!).href);
  await page.getByRole('table', { name: /^Creatives of/ }).waitFor();
  await page.waitForTimeout(1500);
  await b.close();
} finally { await stack.stop(); }
