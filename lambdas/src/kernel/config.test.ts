import '../test-env';
import { afterEach, describe, expect, it } from 'vitest';
import { config, coreConfig, setEnvironmentForTests } from './config';

afterEach(() => {
  setEnvironmentForTests({ STAGE: 'local', CORS_ORIGIN: '', INTERNAL_USERS: 'ops-admin,Second-Admin' });
});

describe('config', () => {
  it('parses lists: internal users lower-cased, CORS origins trimmed', () => {
    // Prepare
    setEnvironmentForTests({
      INTERNAL_USERS: ' Ops-Admin , ,qa ',
      CORS_ORIGIN: 'https://app.bidgrid.test, http://127.0.0.1:5173',
    });

    // Act
    const cfg = config();

    // Assess
    expect(cfg.INTERNAL_USERS).toEqual(['ops-admin', 'qa']);
    expect(cfg.CORS_ORIGIN).toEqual(['https://app.bidgrid.test', 'http://127.0.0.1:5173']);
  });

  it('requires CORS_ORIGIN outside the local stage, naming it', () => {
    // Prepare
    setEnvironmentForTests({ STAGE: 'prod', CORS_ORIGIN: '' });

    // Act + Assess
    expect(() => config()).toThrow(/CORS_ORIGIN: required outside the local stage/);
  });

  it.each(['BIDDER_TIMEOUT_MS', 'BIDDER_UPLOAD_TIMEOUT_MS', 'BIDDER_RETRY_BASE_MS', 'CREATION_LEASE_MS'])(
    'refuses the fault knob %s outside the local stage, and reads it in the local stage',
    (knob) => {
      // Prepare
      setEnvironmentForTests({ STAGE: 'prod', CORS_ORIGIN: 'https://app.bidgrid.test', [knob]: '2000' });

      try {
        // Act + Assess
        expect(() => config()).toThrow(new RegExp(`${knob}: local stage only`));
        setEnvironmentForTests({ STAGE: 'local' });
        expect(config()).toMatchObject({ [knob]: 2000 });
      } finally {
        Reflect.deleteProperty(process.env, knob);
      }
    },
  );

  it('gives the core settings to a function that has nothing else (the Cognito trigger)', () => {
    // Prepare: a user pool trigger cannot be told its own pool's ids (that would be a cycle).
    const saved = { ...process.env };
    delete process.env['COGNITO_USER_POOL_ID'];
    delete process.env['COGNITO_CLIENT_ID'];
    delete process.env['BIDDER_BASE_URL'];
    delete process.env['MAIL_MODE'];
    setEnvironmentForTests({ TABLE_APP: 'bidgrid-core-app' });

    try {
      // Act
      const core = coreConfig();

      // Assess
      expect(core).toMatchObject({ STAGE: 'local', TABLE_APP: 'bidgrid-core-app', LOG_LEVEL: 'silent' });
      expect(() => config()).toThrow(/COGNITO_USER_POOL_ID/);
    } finally {
      Object.assign(process.env, saved);
      setEnvironmentForTests({ TABLE_APP: 'bidgrid-test-app' });
    }
  });
});
