import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spawn-stack';

/**
 * The import boundaries of ARCHITECTURE.md are enforced by lint; this proves the rules bite, by
 * linting probe sources as if they stood at the given paths.
 */
const eslint = new ESLint({ cwd: repoRoot });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** The messages of the zod import rules (`no-restricted-syntax` naming zod) for a probe source. */
async function zodRefusalsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' && /zod/.test(m.message))
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it('web never imports lambdas', async () => {
    const ids = await ruleIdsFor(
      'web/src/features/dashboard/probe.ts',
      "import { config } from '@bidgrid/lambdas/kernel/config';\nexport const c = config;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('a web feature never imports another feature', async () => {
    const ids = await ruleIdsFor(
      'web/src/features/dashboard/probe.ts',
      "import { GOVERNING_STATE } from '../legal/legal-facts';\nexport const f = GOVERNING_STATE;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lambdas never import web or cdk', async () => {
    const ids = await ruleIdsFor(
      'lambdas/src/domain/probe.ts',
      "import { startLocalStack } from '@bidgrid/local/stack';\nexport const s = startLocalStack;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('the domain never imports an adapter, not even its types', async () => {
    const value = await ruleIdsFor(
      'lambdas/src/domain/campaigns/probe.ts',
      "import { campaignRepository } from '../../adapters/repositories/campaign.repository';\nexport const r = campaignRepository;\n",
    );
    const type = await ruleIdsFor(
      'lambdas/src/domain/probe.ts',
      "import type { Item } from '../adapters/dynamodb';\nexport type T = Item;\n",
    );
    expect(value).toContain('import-x/no-restricted-paths');
    expect(type).toContain('import-x/no-restricted-paths');
  });

  it('the domain never imports config, entry files or the request middleware', async () => {
    for (const source of [
      "import { config } from '../kernel/config';\nexport const c = config;\n",
      "import { httpHandler } from '../entry/http';\nexport const h = httpHandler;\n",
      "import { wsHandler } from '../entry/ws';\nexport const w = wsHandler;\n",
      "import { handler } from '../http/get-health.handler';\nexport const h = handler;\n",
    ]) {
      expect(await ruleIdsFor('lambdas/src/domain/probe.ts', source)).toContain('import-x/no-restricted-paths');
    }
  });

  it('the domain reaches no SDK directly', async () => {
    const ids = await ruleIdsFor(
      'lambdas/src/domain/probe.ts',
      "import { S3Client } from '@aws-sdk/client-s3';\nexport const s = S3Client;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('the domain records metrics through its port, never with Powertools or the metrics adapter', async () => {
    const powertools = await ruleIdsFor(
      'lambdas/src/domain/campaigns/probe.ts',
      "import { Metrics } from '@aws-lambda-powertools/metrics';\nexport const m = Metrics;\n",
    );
    const adapter = await ruleIdsFor(
      'lambdas/src/domain/campaigns/probe.ts',
      "import { appMetrics } from '../../adapters/metrics';\nexport const m = appMetrics;\n",
    );
    const port = await ruleIdsFor(
      'lambdas/src/domain/campaigns/probe.ts',
      "import type { AppMetrics } from '../ports/metrics.port';\nexport type M = AppMetrics;\n",
    );
    expect(powertools).toContain('no-restricted-imports');
    expect(adapter).toContain('import-x/no-restricted-paths');
    expect(port).toEqual([]);
  });

  it('the domain may import its ports, shared and pure helpers', async () => {
    const ids = await ruleIdsFor(
      'lambdas/src/domain/campaigns/probe.ts',
      [
        "import type { CampaignRepository } from '../ports/campaign.port';",
        "import { NotFoundError } from '../../kernel/errors';",
        "import { MAX_BID_USD } from '@bidgrid/shared/constants';",
        'export type R = CampaignRepository;',
        'export const x = [NotFoundError, MAX_BID_USD];',
        '',
      ].join('\n'),
    );
    expect(ids).toEqual([]);
  });

  it('shared depends on nothing of ours', async () => {
    const ids = await ruleIdsFor(
      'shared/src/probe.ts',
      "import { config } from '../../lambdas/src/kernel/config';\nexport const c = config;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('the local stack never imports lambdas domain, adapters or lib modules, even lazily', async () => {
    for (const internal of [
      'domain/billing/invoice-document',
      'adapters/repositories/agency.repository',
      'kernel/crypto',
      'kernel/config',
      // The bidder's wire descriptions are open to the simulator; its client and transport are not.
      'adapters/bidder/bidder-client',
      'adapters/bidder/buzz-transport',
    ]) {
      const dynamic = await ruleIdsFor(
        'cdk/local/seed/probe.ts',
        `export const load = () => import('@bidgrid/lambdas/${internal}');\n`,
      );
      expect(dynamic, internal).toContain('import-x/no-restricted-paths');
      const relative = await ruleIdsFor(
        'cdk/local/probe.ts',
        `import * as m from '../../lambdas/src/${internal}';\nexport const n = m;\n`,
      );
      expect(relative, internal).toContain('import-x/no-restricted-paths');
    }
  });

  it('the local stack may import handler entry files, the job schedules, the seeding API, the authorizer and the bidder wire descriptions', async () => {
    const ids = await ruleIdsFor(
      'cdk/local/seed/probe.ts',
      [
        "import type { JobSchedule } from '@bidgrid/lambdas/jobs/schedules';",
        "export const seeding = () => import('@bidgrid/lambdas/seeding');",
        "export const authorizer = () => import('@bidgrid/lambdas/authorizer');",
        "export const http = () => import('@bidgrid/lambdas/http/get-health.handler');",
        "export const ws = () => import('@bidgrid/lambdas/ws/connect.handler');",
        "export const job = () => import('@bidgrid/lambdas/jobs/report-sync.job');",
        "export const wire = () => import('@bidgrid/lambdas/adapters/bidder/wire/line-items.wire');",
        'export type S = JobSchedule;',
        '',
      ].join('\n'),
    );
    expect(ids).toEqual([]);
  });

  it('the bidder simulator shares the wire descriptions; only its tests drive the bidder client', async () => {
    const wire = await ruleIdsFor(
      'cdk/local/simulators/probe.ts',
      "import { ZRunQueryRequest } from '@bidgrid/lambdas/adapters/bidder/wire/reporting.wire';\nexport const w = ZRunQueryRequest;\n",
    );
    const clientInCode = await ruleIdsFor(
      'cdk/local/simulators/probe.ts',
      "import { createBidderReports } from '@bidgrid/lambdas/adapters/bidder/bidder-reports';\nexport const c = createBidderReports;\n",
    );
    const clientInTest = await ruleIdsFor(
      'cdk/local/simulators/probe.test.ts',
      "import { createBidderReports } from '@bidgrid/lambdas/adapters/bidder/bidder-reports';\nexport const c = createBidderReports;\n",
    );
    const otherAdapterInTest = await ruleIdsFor(
      'cdk/local/simulators/probe.test.ts',
      "import * as m from '@bidgrid/lambdas/adapters/repositories/agency.repository';\nexport const n = m;\n",
    );
    expect(wire).toEqual([]);
    expect(clientInCode).toContain('import-x/no-restricted-paths');
    expect(clientInTest).toEqual([]);
    expect(otherAdapterInTest).toContain('import-x/no-restricted-paths');
  });

  it('the CDK app never imports the local stack', async () => {
    for (const file of ['cdk/src/probe.ts', 'cdk/bin/probe.ts', 'cdk/test/probe.ts']) {
      const ids = await ruleIdsFor(
        file,
        "import { SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';\nexport const s = SIMULATOR_SECRETS;\n",
      );
      expect(ids, file).toContain('import-x/no-restricted-paths');
    }
  });

  it('the kernel imports nothing above it, and the domain no frame of entry/', async () => {
    for (const above of ['../domain/ports/page.port', '../adapters/token-keys', '../entry/http']) {
      const ids = await ruleIdsFor(
        'lambdas/src/kernel/probe.ts',
        `import * as m from '${above}';\nexport const n = m;\n`,
      );
      expect(ids, above).toContain('import-x/no-restricted-paths');
    }
    const kernel = await ruleIdsFor(
      'lambdas/src/kernel/probe.ts',
      "import { AppError } from './errors';\nexport const e = AppError;\n",
    );
    expect(kernel).toEqual([]);
    for (const frame of ['paging', 'request-ids', 'signed-requests']) {
      const ids = await ruleIdsFor(
        'lambdas/src/domain/probe.ts',
        `import * as m from '../entry/${frame}';\nexport const n = m;\n`,
      );
      expect(ids, frame).toContain('import-x/no-restricted-paths');
    }
  });

  it('the CDK app reads lambdas only through their manifest; its tests may hold both sides', async () => {
    const probe = (what: string) => `import * as m from '@bidgrid/lambdas/${what}';\nexport const n = m;\n`;
    const files = { 'cdk/src/stacks/probe.ts': '../../../lambdas/src', 'cdk/bin/probe.ts': '../../lambdas/src' };
    for (const [file, lambdasSrc] of Object.entries(files)) {
      for (const internal of [
        'jobs/schedules',
        'kernel/metric-catalog',
        'kernel/config',
        'adapters/stripe-resources',
      ]) {
        expect(await ruleIdsFor(file, probe(internal)), `${file}: ${internal}`).toContain(
          'import-x/no-restricted-paths',
        );
      }
      const relative = await ruleIdsFor(file, `import * as m from '${lambdasSrc}/ws/timeouts';\nexport const n = m;\n`);
      expect(relative, file).toContain('import-x/no-restricted-paths');
      expect(await ruleIdsFor(file, probe('manifest')), file).toEqual([]);
    }
    expect(await ruleIdsFor('cdk/src/lambda/probe.test.ts', probe('kernel/config'))).toEqual([]);
  });

  it('no file but shared/src/zod.ts imports a zod package, in any form an import takes', async () => {
    // Prepare: every way a module can reach classic zod or bare zod/mini, from each workspace
    const probes: ReadonlyArray<readonly [file: string, code: string]> = [
      ['shared/src/probe.ts', "import * as z from 'zod';\nexport const s = z.string();\n"],
      ['lambdas/src/probe.ts', "import * as z from 'zod/mini';\nexport const s = z.string();\n"],
      ['web/src/lib/probe.ts', "import * as z from 'zod/v4';\nexport const s = z.string();\n"],
      ['cdk/src/probe.ts', "import { en } from 'zod/locales';\nexport const l = en;\n"],
      ['test/support/probe.ts', "import type { ZodType } from 'zod';\nexport type T = ZodType;\n"],
      ['cdk/local/probe.ts', "export * from 'zod';\n"],
      ['shared/src/probe.ts', "export { string } from 'zod/mini';\n"],
      ['web/src/lib/probe.ts', "export const load = () => import('zod');\n"],
      ['lambdas/src/probe.ts', "export type T = import('zod').ZodType;\n"],
      ['test/e2e/probe.spec.ts', "import * as z from 'zod';\nexport const s = z.string();\n"],
      ['web/scripts/probe.mjs', "import * as z from 'zod';\nexport const s = z.string();\n"],
    ];

    // Act
    const refused = await Promise.all(probes.map(([file, code]) => zodRefusalsFor(file, code)));

    // Assess
    refused.forEach((messages, i) => expect(messages, probes[i]?.join(': ')).toHaveLength(1));
    expect(refused[0]?.[0]).toMatch(/Import zod from '@bidgrid\/shared\/zod'/);
  });

  it('zod is imported from the shared module as a namespace, so bundles tree-shake it', async () => {
    // Prepare
    const named = "import { z } from '@bidgrid/shared/zod';\nexport const s = z.string();\n";
    const namedInShared = "import { z } from './zod';\nexport const s = z.string();\n";
    const namespace = "import * as z from '@bidgrid/shared/zod';\nexport const s = z.string();\n";
    const namespaceInShared = "import * as z from '../zod';\nexport const s = z.string();\n";
    const typeOnly = "import type * as z from '@bidgrid/shared/zod';\nexport type S = z.ZodMiniString;\n";

    // Act
    const refused = await Promise.all([
      zodRefusalsFor('web/src/lib/probe.ts', named),
      zodRefusalsFor('shared/src/probe.ts', namedInShared),
      zodRefusalsFor('lambdas/src/probe.ts', namespace),
      zodRefusalsFor('shared/src/campaigns/probe.ts', namespaceInShared),
      zodRefusalsFor('lambdas/src/kernel/probe.ts', typeOnly),
    ]);

    // Assess
    expect(refused[0]).toEqual([expect.stringMatching(/named import defeats tree-shaking/)]);
    expect(refused[1]).toEqual([expect.stringMatching(/named import defeats tree-shaking/)]);
    expect(refused.slice(2)).toEqual([[], [], []]);
  });

  it('shared/src/zod.ts itself imports zod/mini and its English locale', async () => {
    // Prepare
    const source = readFileSync(join(repoRoot, 'shared/src/zod.ts'), 'utf8');

    // Act
    const messages = await zodRefusalsFor('shared/src/zod.ts', source);

    // Assess
    expect(source).toMatch(/from 'zod\/mini'/);
    expect(messages).toEqual([]);
  });

  it('a component reaches the server only through its feature api/ hooks', async () => {
    const hook = await ruleIdsFor(
      'web/src/features/campaigns/components/probe.tsx',
      "import { useOperationQuery } from '@/lib/api/use-operation-query';\nexport const q = useOperationQuery;\n",
    );
    const apollo = await ruleIdsFor(
      'web/src/features/campaigns/routes/probe.tsx',
      "import { useQuery } from '@apollo/client/react';\nexport const q = useQuery;\n",
    );
    const operation = await ruleIdsFor(
      'web/src/components/probe.tsx',
      "import { getCampaign } from '@bidgrid/shared/campaigns/campaign.operations';\nexport const o = getCampaign;\n",
    );
    const realtime = await ruleIdsFor(
      'web/src/features/targeting/components/probe.tsx',
      "import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';\nexport const r = useRealtimeCall;\n",
    );
    expect(hook).toContain('no-restricted-imports');
    expect(apollo).toContain('no-restricted-imports');
    expect(operation).toContain('no-restricted-imports');
    expect(realtime).toContain('no-restricted-imports');
  });

  it("a feature's api/ folder may use the data layer, and components may use its hooks and operation types", async () => {
    const api = await ruleIdsFor(
      'web/src/features/campaigns/api/probe.ts',
      "import { getCampaign } from '@bidgrid/shared/campaigns/campaign.operations';\n" +
        "import { useOperationQuery } from '@/lib/api/use-operation-query';\n" +
        'export const useProbe = (id: string) => useOperationQuery(getCampaign, { params: { id } });\n',
    );
    const component = await ruleIdsFor(
      'web/src/features/campaigns/components/probe.tsx',
      "import type { getCampaign } from '@bidgrid/shared/campaigns/campaign.operations';\n" +
        "import { useApiError } from '@/lib/api/api-error';\n" +
        "import { useProbe } from '../api/probe';\n" +
        'export type Op = typeof getCampaign;\nexport const hooks = [useApiError, useProbe];\n',
    );
    expect(api).toEqual([]);
    expect(component).not.toContain('no-restricted-imports');
  });

  it("every import resolves through its own workspace's package.json, not through hoisting", async () => {
    // lambdas' code may not lean on a package only the local stack declares, nor on a dev dependency.
    expect(
      await ruleIdsFor('lambdas/src/adapters/probe.ts', "import s3rver from 's3rver';\nexport const s = s3rver;\n"),
    ).toContain('import-x/no-extraneous-dependencies');
    expect(
      await ruleIdsFor(
        'lambdas/src/adapters/probe.ts',
        "import { mockClient } from 'aws-sdk-client-mock';\nexport const m = mockClient;\n",
      ),
    ).toContain('import-x/no-extraneous-dependencies');
    // The web app has no AWS SDK of its own.
    expect(
      await ruleIdsFor(
        'web/src/lib/probe.ts',
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n",
      ),
    ).toContain('import-x/no-extraneous-dependencies');
    // Its tests may use its dev dependencies and the root's tooling.
    expect(
      await ruleIdsFor(
        'lambdas/src/adapters/probe.test.ts',
        "import { mockClient } from 'aws-sdk-client-mock';\nimport fc from 'fast-check';\nexport const m = [mockClient, fc];\n",
      ),
    ).not.toContain('import-x/no-extraneous-dependencies');
  });

  it('a clean import passes', async () => {
    const ids = await ruleIdsFor(
      'web/src/features/dashboard/probe.ts',
      "import { TOAST_MS } from '@bidgrid/shared/constants';\nexport const t = TOAST_MS;\n",
    );
    expect(ids).toEqual([]);
  });
});
