import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaymentsGateway } from '@bidgrid/lambdas/domain/ports/payments.port';
import { runBundleJob } from './bundle-worker';
import { REPO_ROOT } from './entries';
import { resourceFile, stripeResourcePath, stubbedResourceModule } from './stripe-trim';

const scratch: string[] = [];
let server: Server | undefined;
afterAll(() => {
  server?.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('the Stripe trim (pure parts)', () => {
  it('names resource files as the SDK does and finds them only under stripe/esm/resources', () => {
    expect(resourceFile('paymentIntents')).toBe('PaymentIntents.js');
    expect(stripeResourcePath('/r/node_modules/stripe/esm/resources/Customers.js')).toBe('Customers.js');
    expect(stripeResourcePath('/r/node_modules/stripe/esm/resources/Apps/index.js')).toBe('Apps/index.js');
    expect(stripeResourcePath('/r/node_modules/stripe/esm/resources.js')).toBeNull();
    expect(stripeResourcePath('/r/node_modules/other/esm/resources/Customers.js')).toBeNull();
  });

  it('stubs every exported class of a module, and a module of types only with nothing', () => {
    const stub = stubbedResourceModule(
      "import { StripeResource } from '../StripeResource.js';\nexport class RefundResource extends StripeResource {}\nexport class Other {}\n",
    );
    expect(stub).toContain("export class RefundResource { constructor() { return unbundled('RefundResource'); } }");
    expect(stub).toContain("export class Other { constructor() { return unbundled('Other'); } }");
    expect(stub).not.toContain('StripeResource.js');
    expect(stubbedResourceModule('export {};\n')).toBe('export {};\n');
  });
});

describe('a bundle with the Stripe SDK trimmed', () => {
  it('calls the kept resources through the SDK, and names an unbundled one when it is used', async () => {
    // Prepare: a Stripe API that answers a customer creation; an entry with the real gateway in it.
    const requests: Array<{ method?: string; url?: string; idempotencyKey?: string | string[] }> = [];
    server = createServer((req, res) => {
      requests.push({ method: req.method, url: req.url, idempotencyKey: req.headers['idempotency-key'] });
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'cus_trim1', object: 'customer' }));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // Inside the repository, so the entry resolves `stripe` from its node_modules.
    const cache = join(REPO_ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'stripe-trim-'));
    scratch.push(dir);
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      [
        "import Stripe from 'stripe';",
        `import { createStripeGateway } from ${JSON.stringify(join(REPO_ROOT, 'lambdas/src/adapters/payments.ts'))};`,
        `export const gateway = createStripeGateway({ apiUrl: 'http://127.0.0.1:${port}', secrets: async () => 'sk_test_trim' });`,
        "export const refunds = () => new Stripe('sk_test_trim').refunds.create({ payment_intent: 'pi_1' });",
      ].join('\n'),
    );

    // Act
    const result = await runBundleJob({ entries: [{ file: entry, outName: 'trim' }], outdir: join(dir, 'out') });
    const file = join(dir, 'out', 'trim', 'index.mjs');
    const bundle = (await import(pathToFileURL(file).href)) as {
      gateway: PaymentsGateway;
      refunds: () => Promise<unknown>;
    };
    const customerId = await bundle.gateway.createCustomer({
      name: 'Acme',
      metadata: { bgAdvertiserId: 'bgAdvertiser-1' },
      idempotencyKey: 'customer-bgAdvertiser-1',
    });

    // Assess
    expect(result.errors).toEqual([]);
    expect(customerId).toBe('cus_trim1');
    expect(requests).toEqual([{ method: 'POST', url: '/v1/customers', idempotencyKey: 'customer-bgAdvertiser-1' }]);
    expect(bundle.refunds).toThrow('Stripe resource RefundResource is not in this bundle: add it to STRIPE_RESOURCES');
    const code = readFileSync(file, 'utf8');
    expect(code).toContain('/v1/customers');
    expect(code).not.toContain('/v1/refunds');
  }, 60_000);
});
