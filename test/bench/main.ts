/**
 * `npm run bench`: the figures the issues ask for, measured on this machine.
 * - handler bundle sizes (KB per Lambda, esbuild ESM minified, SDK external)
 * - local stack start-to-ready seconds (fresh data, Vite dev web server, as `npm start` runs it)
 * - p50/p99 latency and requests/s of an authenticated GET through the local gateway, 50 clients, 10 s
 */
import { measureBundles } from './bundles';
import { measureLatency } from './latency';
import { spawnStack } from '../support/spawn-stack';
import { STACK_INFO_ENV } from '../support/stack';
import { accessTokenFor } from '../support/api';

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

console.log('# Handler bundles (esbuild, ESM, minified, node24, @aws-sdk/* external)');
const bundles = await measureBundles();
for (const b of bundles) console.log(`${kb(b.bytes).padStart(8)} KB  ${b.entry}`);
const sizes = bundles.map((b) => b.bytes).sort((a, b) => a - b);
if (sizes.length > 0) {
  console.log(
    `largest ${kb(sizes[sizes.length - 1] as number)} KB, median ${kb(sizes[Math.floor(sizes.length / 2)] as number)} KB, ${sizes.length} entries`,
  );
}

console.log('\n# Local stack');
const stack = await spawnStack({ web: 'dev' });
try {
  console.log(
    `start to ready: ${(stack.readyMs / 1000).toFixed(1)} s (fresh data, all emulators, simulators, Vite dev server)`,
  );
  process.env[STACK_INFO_ENV] = stack.infoFile;
  const token = await accessTokenFor('demo');
  const url = `${stack.info.apiUrl}/api/playBooks`;
  console.log(
    `\n# GET /api/playBooks through the local gateway (JWT check + handler + DynamoDB Local), 50 clients, 10 s`,
  );
  const warm = await measureLatency(url, { authorization: `Bearer ${token}` }, 5, 1);
  if (warm.errors > 0) throw new Error(`warm-up had ${warm.errors} errors`);
  const r = await measureLatency(url, { authorization: `Bearer ${token}` }, 50, 10);
  console.log(
    `requests ${r.requests}, errors ${r.errors}, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, ${r.requestsPerSecond.toFixed(0)} req/s`,
  );
} finally {
  await stack.stop();
}
