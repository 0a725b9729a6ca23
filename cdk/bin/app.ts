import { App } from 'aws-cdk-lib';
import { buildApp } from '../src/app';
import { STAGE_CONTEXT_KEYS, loadStageConfig } from '../src/config/stages';
import type { TStageOverrides } from '../src/config/stages';

/**
 * `npx cdk synth|deploy|destroy -c stage=dev|prod` (cdk.json runs this file with tsx). Context
 * keys listed in STAGE_CONTEXT_KEYS override the checked-in stage values for one run.
 */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
const overrides: TStageOverrides = {};
for (const key of STAGE_CONTEXT_KEYS) {
  const value: unknown = app.node.tryGetContext(key);
  if (value !== undefined) overrides[key] = String(value);
}
// The CLI knows the account of the current credentials; offline synth leaves it to deploy time.
const defaultAccount = process.env['CDK_DEFAULT_ACCOUNT'];
if (overrides.account === undefined && defaultAccount) overrides.account = defaultAccount;

buildApp(app, loadStageConfig(stage, overrides));
