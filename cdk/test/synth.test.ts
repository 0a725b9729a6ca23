import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE } from '../src/lambda/bundles';
import { REPO_ROOT, allEntries } from '../src/lambda/entries';

const outdir = mkdtempSync(join(tmpdir(), 'bidgrid-synth-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * The one real `cdk synth` of the test command: the CLI runs cdk.json's app with bundling ON
 * (one esbuild pass), CloudFormation's built-in validation ON and cdk-nag ON. Any unacknowledged
 * finding or invalid template makes it exit non-zero. The unit tests beside it skip bundling.
 */
describe('npx cdk synth', () => {
  it('synthesizes every stack of the dev stage offline, bundled and validated', () => {
    // Act
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'synth', '--quiet', '-c', 'stage=dev', '-o', outdir],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_VALIDATION: 'true', NODE_ENV: 'production' },
        timeout: 180_000,
      },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`cdk synth (bundling + validation + cdk-nag): ${seconds.toFixed(1)} s`);

    // Assess
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string }>;
    };
    const stacks = Object.entries(manifest.artifacts)
      .filter(([, a]) => a.type === 'aws:cloudformation:stack')
      .map(([id]) => id)
      .sort();
    expect(stacks).toEqual(
      ['Api', 'Auth', 'Data', 'Jobs', 'Observability', 'Realtime', 'Web', 'WebContent']
        .map((part) => `BidGrid-dev-${part}`)
        .sort(),
    );

    // Every entry was bundled, and every staged function asset is a real bundle.
    for (const entry of allEntries()) {
      expect(existsSync(join(outdir, '.bundles', entry.outName, BUNDLE_FILE)), entry.outName).toBe(true);
    }
    const functionAssets = readdirSync(outdir).filter(
      (name) => name.startsWith('asset.') && existsSync(join(outdir, name, BUNDLE_FILE)),
    );
    expect(functionAssets.length).toBeGreaterThan(0);
    for (const asset of functionAssets) {
      expect(readFileSync(join(outdir, asset, BUNDLE_FILE), 'utf8'), asset).not.toContain(
        'Synthesized without bundling',
      );
    }
    expect(seconds).toBeLessThan(60);
  }, 200_000);
});
