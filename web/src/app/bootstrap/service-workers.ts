/**
 * Spec 000 §9: any old service worker is unregistered at start (earlier builds may have installed one
 * that would serve stale bundles). BidGrid registers none itself.
 */
export async function unregisterServiceWorkers(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<number> {
  if (!container) return 0;
  try {
    const registrations = await container.getRegistrations();
    const results = await Promise.all(registrations.map((registration) => registration.unregister()));
    return results.filter(Boolean).length;
  } catch (error) {
    console.warn('Could not unregister old service workers.', error);
    return 0;
  }
}
