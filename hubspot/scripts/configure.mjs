#!/usr/bin/env node
// Points the HubSpot project at one BidGrid stage before `hs project upload`: the API the card
// calls (`permittedUrls.fetch` and the card's `deployment.ts`), the web origin the picker iframe
// comes from (`permittedUrls.iframe`) and the OAuth redirect (`<web>/advertisers`).
//
//   npx cdk deploy --all -c stage=dev --outputs-file cdk-outputs.json
//   node hubspot/scripts/configure.mjs --outputs cdk-outputs.json --stage dev
//   node hubspot/scripts/configure.mjs --api-url https://...amazonaws.com/dev --web-url https://d123.cloudfront.net
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
export const APP_META = `${projectDir}src/app/app-hsmeta.json`;
export const DEPLOYMENT_MODULE = `${projectDir}src/app/cards/deployment.ts`;

/**
 * The stage's API URL and web origin from `cdk deploy --outputs-file` (stacks `BidGrid-<stage>-Api`
 * output `ApiUrl`, `BidGrid-<stage>-Web` output `WebUrl`).
 * @param {Record<string, Record<string, string>>} outputs
 * @param {string} stage
 * @param {string} [stackPrefix]
 * @returns {{apiUrl: string, webUrl: string}}
 */
export function stageUrls(outputs, stage, stackPrefix = 'BidGrid') {
  const apiUrl = outputs[`${stackPrefix}-${stage}-Api`]?.['ApiUrl'];
  const webUrl = outputs[`${stackPrefix}-${stage}-Web`]?.['WebUrl'];
  if (!apiUrl || !webUrl) {
    throw new Error(
      `The outputs file has no ${stackPrefix}-${stage}-Api.ApiUrl and ${stackPrefix}-${stage}-Web.WebUrl: deploy with --outputs-file first.`,
    );
  }
  return { apiUrl, webUrl };
}

/**
 * Checks and tidies the two URLs: HubSpot fetches and frames only HTTPS, never localhost.
 * @param {{apiUrl: string, webUrl: string}} urls
 * @returns {{apiUrl: string, webOrigin: string}}
 */
export function checkedUrls({ apiUrl, webUrl }) {
  const api = new URL(apiUrl);
  const web = new URL(webUrl);
  for (const [name, url] of [
    ['API', api],
    ['web', web],
  ]) {
    if (url.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
      throw new Error(`The ${name} URL must be a public https URL for HubSpot (got ${url.href})`);
    }
  }
  return { apiUrl: `${api.origin}${api.pathname.replace(/\/+$/, '')}`, webOrigin: web.origin };
}

/**
 * The app's meta with this stage's URLs; everything else kept.
 * @param {any} meta
 * @param {{apiUrl: string, webOrigin: string}} urls
 */
export function configuredAppMeta(meta, { apiUrl, webOrigin }) {
  return {
    ...meta,
    config: {
      ...meta.config,
      auth: { ...meta.config.auth, redirectUrls: [`${webOrigin}/advertisers`] },
      permittedUrls: { ...meta.config.permittedUrls, fetch: [apiUrl], iframe: [webOrigin] },
    },
  };
}

/**
 * The card's `deployment.ts` for this API.
 * @param {string} apiUrl
 */
export function deploymentModule(apiUrl) {
  return `/**
 * Where this build of the card calls BidGrid. Written by \`node hubspot/scripts/configure.mjs\`
 * (from the stage's CDK outputs) together with the app's permitted URLs; null until then, and the
 * card then says it is not configured instead of calling anything.
 */
export const BIDGRID_API_URL: string | null = '${apiUrl.replace(/[\\']/g, '\\$&')}';
`;
}

/**
 * Writes a file in the repository's Prettier style when Prettier is installed (the monorepo's
 * `prettier --check` then stays green), as is otherwise.
 * @param {string} file
 * @param {string} text
 */
async function writeFormatted(file, text) {
  const prettier = await import('prettier').catch(() => null);
  const options = prettier ? await prettier.resolveConfig(file) : null;
  writeFileSync(file, prettier ? await prettier.format(text, { ...options, filepath: file }) : text);
}

async function main() {
  const { values } = parseArgs({
    options: {
      outputs: { type: 'string' },
      stage: { type: 'string', default: 'dev' },
      'api-url': { type: 'string' },
      'web-url': { type: 'string' },
    },
  });
  const raw = values.outputs
    ? stageUrls(JSON.parse(readFileSync(values.outputs, 'utf8')), values.stage)
    : { apiUrl: values['api-url'] ?? '', webUrl: values['web-url'] ?? '' };
  if (!raw.apiUrl || !raw.webUrl) throw new Error('Pass --outputs <file> [--stage dev], or --api-url and --web-url.');
  const urls = checkedUrls(raw);
  const meta = JSON.parse(readFileSync(APP_META, 'utf8'));
  await writeFormatted(APP_META, `${JSON.stringify(configuredAppMeta(meta, urls), null, 2)}\n`);
  await writeFormatted(DEPLOYMENT_MODULE, deploymentModule(urls.apiUrl));
  console.log(`HubSpot project configured: fetch ${urls.apiUrl}, iframe ${urls.webOrigin}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
