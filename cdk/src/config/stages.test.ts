import { describe, expect, it } from 'vitest';
import { INTERNAL_USERS_COUNT } from '@bidgrid/shared/constants';
import { STAGE_NAMES, STAGES, ZStageConfig, loadStageConfig, resourcePrefix } from './stages';

describe('stage configuration', () => {
  it.each(STAGE_NAMES)('the checked-in %s stage is valid', (stage) => {
    // Act
    const config = loadStageConfig(stage);

    // Assess
    expect(config.stage).toBe(stage);
    expect(config.secretsPrefix).toBe(`/bidgrid/${stage}`);
    expect(Object.values(config.vendors).every((url) => url.startsWith('https://'))).toBe(true);
  });

  it('keeps and protects data in production, not in dev', () => {
    expect(loadStageConfig('prod').retainData).toBe(true);
    expect(loadStageConfig('dev').retainData).toBe(false);
  });

  it('names an unknown stage and the ones that exist', () => {
    expect(() => loadStageConfig('staging')).toThrow('Unknown stage "staging": use -c stage=dev or -c stage=prod');
  });

  it('applies context overrides and lower-cases internal users', () => {
    // Act
    const config = loadStageConfig('prod', {
      account: '123456789012',
      region: 'eu-west-1',
      internalUsers: ' Alice, bob ,,carol',
      mailFrom: 'invoices@example.org',
      sesIdentity: 'example.org',
      extraWebOrigins: 'http://localhost:5173',
    });

    // Assess
    expect(config.env).toEqual({ account: '123456789012', region: 'eu-west-1' });
    expect(config.internalUsers).toEqual(['alice', 'bob', 'carol']);
    expect(config.mail).toEqual({ from: 'invoices@example.org', sesIdentity: 'example.org' });
    expect(config.extraWebOrigins).toEqual(['http://localhost:5173']);
  });

  it('lists every problem at once', () => {
    // Act
    let message = '';
    try {
      loadStageConfig('dev', {
        account: '12345',
        region: 'mars',
        internalUsers: Array.from({ length: INTERNAL_USERS_COUNT + 1 }, (_, i) => `u${i}`).join(','),
        mailFrom: 'billing@elsewhere.org',
        extraWebOrigins: 'http://localhost:5173/path',
      });
    } catch (error) {
      message = (error as Error).message;
    }

    // Assess
    expect(message).toContain('Invalid stage configuration "dev"');
    for (const field of ['env.account', 'env.region', 'internalUsers', 'mail.from', 'extraWebOrigins.0']) {
      expect(message).toContain(`${field}:`);
    }
  });

  it.each(STAGE_NAMES)('limits each user and each public caller of %s to at most half the stage throttle', (stage) => {
    // Act
    const { api } = loadStageConfig(stage);

    // Assess
    for (const limit of [api.perUser, api.perIp]) {
      expect(limit.requests / limit.windowSeconds).toBeLessThanOrEqual(api.rateLimit / 2);
      expect(limit.requests).toBeGreaterThanOrEqual(10);
    }
  });

  it('refuses a per-user limit that could take half the stage throttle', () => {
    // Prepare: 3,000 a minute is 50 a second, all of dev's 50
    const base = STAGES.dev;

    // Act
    const result = ZStageConfig.safeParse({
      ...base,
      api: { ...base.api, perUser: { requests: 3_000, windowSeconds: 60 } },
    });

    // Assess
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['api.perUser', "3000 per 60 s is more than half the stage's 50 requests a second"],
    ]);
  });

  it('refuses rate limits WAF cannot enforce: under 10 requests, or another window', () => {
    // Prepare
    const base = STAGES.dev;

    // Act
    const result = ZStageConfig.safeParse({ ...base, api: { ...base.api, perIp: { requests: 5, windowSeconds: 90 } } });

    // Assess
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'api.perIp.requests',
      'api.perIp.windowSeconds',
    ]);
  });

  it('refuses plain-http vendor URLs and a wildcard origin', () => {
    // Prepare
    const base = STAGES.dev;

    // Act
    const result = ZStageConfig.safeParse({
      ...base,
      vendors: { ...base.vendors, stripeApiUrl: 'http://api.stripe.com' },
      extraWebOrigins: ['*'],
    });

    // Assess
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['vendors.stripeApiUrl', 'extraWebOrigins.0']),
    );
  });

  it.each(STAGE_NAMES)('has no chat widget in the checked-in %s stage (the operator names their portal)', (stage) => {
    expect(loadStageConfig(stage).chatWidget).toBeUndefined();
  });

  it("turns HubSpot's chat widget on with -c chatWidgetHubspotPortalId, and a stage's widget off with an empty one", () => {
    // Prepare: a prod stage with a checked-in widget (put back afterwards)
    const checkedIn = STAGES.prod;
    STAGES.prod = { ...checkedIn, chatWidget: { provider: 'hubspot', portalId: '999' } };

    try {
      // Act
      const on = loadStageConfig('dev', { chatWidgetHubspotPortalId: ' 12345678 ' });
      const kept = loadStageConfig('prod');
      const off = loadStageConfig('prod', { chatWidgetHubspotPortalId: '' });

      // Assess
      expect(on.chatWidget).toEqual({ provider: 'hubspot', portalId: '12345678' });
      expect(kept.chatWidget).toEqual({ provider: 'hubspot', portalId: '999' });
      expect(off.chatWidget).toBeUndefined();
    } finally {
      STAGES.prod = checkedIn;
    }
  });

  it('refuses a portal id that is not one', () => {
    expect(() => loadStageConfig('dev', { chatWidgetHubspotPortalId: 'js.evil.example/x' })).toThrow(
      'Invalid stage configuration "dev": chatWidget.portalId: a HubSpot portal id (digits)',
    );
  });

  it('subscribes no one to the alarms unless the stage or -c alarmEmail names someone', () => {
    // Act
    const unset = loadStageConfig('prod');
    const named = loadStageConfig('prod', { alarmEmail: ' ops@example.org ' });
    const cleared = loadStageConfig('prod', { alarmEmail: '' });

    // Assess
    expect(unset.alarmEmail).toBeUndefined();
    expect(named.alarmEmail).toBe('ops@example.org');
    expect(cleared.alarmEmail).toBeUndefined();
    expect(() => loadStageConfig('dev', { alarmEmail: 'not-an-address' })).toThrow(
      'Invalid stage configuration "dev": alarmEmail:',
    );
  });

  it('prefixes physical names with the stage', () => {
    expect(resourcePrefix(loadStageConfig('dev'))).toBe('bidgrid-dev');
  });
});
