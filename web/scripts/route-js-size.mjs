// Gzip size of the JavaScript a route loads: the entry with its static imports, plus the route's lazy
// page module with its static imports. Reads the Vite manifest of `vite build`.
// Usage: node scripts/route-js-size.mjs [src/features/auth/routes/login.tsx ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const routes = process.argv.slice(2);
if (routes.length === 0) routes.push('src/features/auth/routes/login.tsx');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
for (const route of routes) visit(route);

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip for ${routes.join(', ')}`);
