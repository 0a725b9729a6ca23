import '../test-env';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { setEnvironmentForTests } from '../kernel/config';
import { getSecret, resetSecretsForTests } from './secrets';

const ssmMock = mockClient(SSMClient);

afterEach(() => {
  ssmMock.reset();
  resetSecretsForTests();
  setEnvironmentForTests({ SECRETS_SOURCE: 'env' });
});

describe('getSecret', () => {
  it('reads SECRET_* variables locally', async () => {
    setEnvironmentForTests({ SECRETS_SOURCE: 'env', SECRET_STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(await getSecret('STRIPE_SECRET_KEY')).toBe('sk_test_x');
  });

  it('reads a changed SECRET_* variable at once, with nothing cached from before', async () => {
    setEnvironmentForTests({ SECRETS_SOURCE: 'env', SECRET_STRIPE_WEBHOOK_SECRET: 'whsec_first' });
    expect(await getSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_first');
    setEnvironmentForTests({ SECRET_STRIPE_WEBHOOK_SECRET: 'whsec_second' });
    expect(await getSecret('STRIPE_WEBHOOK_SECRET')).toBe('whsec_second');
  });

  it('reads decrypted SSM parameters under the prefix in the cloud, once per warm Lambda', async () => {
    // Prepare
    setEnvironmentForTests({ SECRETS_SOURCE: 'ssm', SECRETS_PREFIX: '/bidgrid/prod/' });
    ssmMock.on(GetParameterCommand, { Name: '/bidgrid/prod/HUBSPOT_CLIENT_SECRET', WithDecryption: true }).resolves({
      Parameter: { Value: 'hs-secret' },
    });

    // Act
    const [a, b] = await Promise.all([getSecret('HUBSPOT_CLIENT_SECRET'), getSecret('HUBSPOT_CLIENT_SECRET')]);

    // Assess
    expect([a, b]).toEqual(['hs-secret', 'hs-secret']);
    expect(ssmMock.commandCalls(GetParameterCommand)).toHaveLength(1);
  });

  it('fails with the parameter name (never a value) when it is missing, and tries again next time', async () => {
    setEnvironmentForTests({ SECRETS_SOURCE: 'ssm', SECRETS_PREFIX: '/bidgrid' });
    ssmMock
      .on(GetParameterCommand)
      .rejectsOnce(new ParameterNotFound({ message: 'not found', $metadata: {} }))
      .resolves({ Parameter: { Value: 'v' } });
    await expect(getSecret('BIDDER_PASSWORD')).rejects.toThrow('/bidgrid/BIDDER_PASSWORD does not exist');
    expect(await getSecret('BIDDER_PASSWORD')).toBe('v');
  });
});
