/** Liveness: answers without touching a store or a vendor and reveals no configuration. */
export async function getHealth(input: { now: Date }): Promise<{ status: 'ok'; time: string }> {
  return { status: 'ok', time: input.now.toISOString() };
}
