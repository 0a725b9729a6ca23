/** Test fixture: a handler that throws, as a bug would. */
export async function handler(): Promise<never> {
  throw new Error('boom: a secret detail that must not reach the client');
}
