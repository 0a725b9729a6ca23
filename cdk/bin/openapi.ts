import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildOpenApiDocument } from '@bidgrid/shared/api/openapi/openapi-document';
import { operationEntry } from '../src/lambda/entries';

/**
 * `npm run openapi [-- --out openapi.json] [--api-url URL] [--ws-url URL]`: the OpenAPI document without
 * a running stack (codegen, a diff in review), for the local stack's URLs unless told a stage's.
 * Operations without a handler file are marked as answering 501, as deployed.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'api-url': { type: 'string', default: 'http://127.0.0.1:4000' },
    'ws-url': { type: 'string', default: 'ws://127.0.0.1:4001/local' },
  },
});
const document = buildOpenApiDocument({
  apiUrl: values['api-url'],
  wsUrl: values['ws-url'],
  environment: values['api-url'].startsWith('http://127.0.0.1') ? 'local stack' : values['api-url'],
  isImplemented: (op) => operationEntry(op) !== undefined,
});
const json = `${JSON.stringify(document, null, 2)}\n`;
if (values.out) writeFileSync(values.out, json);
else process.stdout.write(json);
