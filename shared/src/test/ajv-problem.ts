import type { ErrorObject } from 'ajv';

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * One ajv error as a line that names where it is (`at`, in the caller's notation) and the rule that
 * failed: `at: must be string, got number (type)`. Ajv's own messages leave out the property or the
 * values concerned; these add them.
 */
export function ajvProblem(at: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties')
    message = `must NOT have property "${String(params['additionalProperty'])}"`;
  if (error.keyword === 'unevaluatedProperties')
    message = `must NOT have property "${String(params['unevaluatedProperty'])}"`;
  if (error.keyword === 'enum') message = `must be one of ${JSON.stringify(params['allowedValues'])}`;
  if (error.keyword === 'const') message = `must be ${JSON.stringify(params['allowedValue'])}`;
  if (error.keyword === 'propertyNames') message = `property name "${String(params['propertyName'])}" is not allowed`;
  if (error.keyword === 'type' && 'data' in error) message = `${message}, got ${typeOf(error.data)}`;
  if (error.keyword === 'format' && typeof error.data === 'string')
    message = `${message}, got ${JSON.stringify(error.data)}`;
  return `${at}: ${message} (${error.keyword})`;
}
