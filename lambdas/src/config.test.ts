import './test-env';
import { afterEach, describe, expect, it } from 'vitest';
import { config, setEnvironmentForTests } from './config';

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
});
