import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_META, checkedUrls, configuredAppMeta, deploymentModule, stageUrls } from './configure.mjs';

const OUTPUTS = {
  'BidGrid-dev-Api': { ApiUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/dev/' },
  'BidGrid-dev-Web': { WebUrl: 'https://d111.cloudfront.net', SiteBucketName: 'x' },
  'BidGrid-prod-Api': { ApiUrl: 'https://def456.execute-api.us-east-1.amazonaws.com/prod' },
};

describe('hubspot/scripts/configure.mjs', () => {
  it('reads the stage API and web URLs from the CDK outputs and refuses a stage not deployed', () => {
    expect(stageUrls(OUTPUTS, 'dev')).toEqual({
      apiUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/dev/',
      webUrl: 'https://d111.cloudfront.net',
    });
    expect(() => stageUrls(OUTPUTS, 'prod')).toThrow(/BidGrid-prod-Web.WebUrl/);
  });

  it('keeps the API stage path, drops the trailing slash, and refuses URLs HubSpot cannot reach', () => {
    expect(checkedUrls(stageUrls(OUTPUTS, 'dev'))).toEqual({
      apiUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/dev',
      webOrigin: 'https://d111.cloudfront.net',
    });
    expect(() => checkedUrls({ apiUrl: 'http://127.0.0.1:4000', webUrl: 'https://d111.cloudfront.net' })).toThrow(
      /public https/,
    );
    expect(() => checkedUrls({ apiUrl: 'https://api.example.com', webUrl: 'https://localhost:5173' })).toThrow(
      /public https/,
    );
  });

  it('writes the permitted URLs and the redirect into the app meta and keeps the rest', () => {
    // Prepare: the checked-in app meta
    const meta = JSON.parse(readFileSync(APP_META, 'utf8'));

    // Act
    const configured = configuredAppMeta(meta, {
      apiUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/dev',
      webOrigin: 'https://d111.cloudfront.net',
    });

    // Assess
    expect(configured.config.permittedUrls).toEqual({
      fetch: ['https://abc123.execute-api.us-east-1.amazonaws.com/dev'],
      iframe: ['https://d111.cloudfront.net'],
      img: meta.config.permittedUrls.img,
    });
    expect(configured.config.auth.redirectUrls).toEqual(['https://d111.cloudfront.net/advertisers']);
    expect(configured.config.auth.requiredScopes).toContain('crm.objects.companies.read');
    expect({ ...configured, config: { ...configured.config, auth: null, permittedUrls: null } }).toEqual({
      ...meta,
      config: { ...meta.config, auth: null, permittedUrls: null },
    });
  });

  it('writes the card API URL as a TypeScript constant', () => {
    expect(deploymentModule('https://abc123.execute-api.us-east-1.amazonaws.com/dev')).toContain(
      "export const BIDGRID_API_URL: string | null = 'https://abc123.execute-api.us-east-1.amazonaws.com/dev';",
    );
  });
});
