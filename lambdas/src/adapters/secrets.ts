import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import type { SecretName, SecretReader } from '../domain/ports/secrets.port';
import { coreConfig, secretFromEnvironment } from '../kernel/config';
import { InternalError } from '../kernel/errors';

/**
 * The vendor secrets the handlers use. Locally they are `SECRET_*` environment variables
 * (cdk/local/gateway/lambda-env.ts); in the cloud SecureString parameters `{SECRETS_PREFIX}/{name}`.
 */

let ssm: SSMClient | undefined;
// One look-up per secret and warm Lambda: the promise is cached so concurrent first calls share it,
// and a failed look-up is forgotten so the next call tries again.
const cache = new Map<SecretName, Promise<string>>();

async function fromSsm(name: SecretName): Promise<string> {
  const cfg = coreConfig();
  ssm ??= new SSMClient({ region: cfg.AWS_REGION });
  const path = `${cfg.SECRETS_PREFIX.replace(/\/+$/, '')}/${name}`;
  try {
    const result = await ssm.send(new GetParameterCommand({ Name: path, WithDecryption: true }));
    const value = result.Parameter?.Value;
    if (!value) throw new InternalError(`Secret parameter ${path} is empty`);
    return value;
  } catch (error) {
    if (error instanceof ParameterNotFound) throw new InternalError(`Secret parameter ${path} does not exist`, error);
    throw error;
  }
}

/**
 * The secret `name`: from `SECRET_{name}` when SECRETS_SOURCE is `env` (read on every call: nothing to
 * save, and a changed environment is seen at once), from SSM (decrypted) when it is `ssm`, cached per
 * warm Lambda. A missing secret is an InternalError (a deployment fault).
 */
export const getSecret: SecretReader = (name) => {
  if (coreConfig().SECRETS_SOURCE === 'env') {
    return Promise.resolve().then(() => {
      const value = secretFromEnvironment(name);
      if (value === undefined) throw new InternalError(`Secret SECRET_${name} is not set`);
      return value;
    });
  }
  const hit = cache.get(name);
  if (hit) return hit;
  const load = fromSsm(name);
  cache.set(name, load);
  load.catch(() => cache.delete(name));
  return load;
};

/** Tests only: forget cached secrets and the SSM client. */
export function resetSecretsForTests(): void {
  cache.clear();
  ssm = undefined;
}
