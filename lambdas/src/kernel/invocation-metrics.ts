import type { Logger } from './logger';

/**
 * The end of an invocation, for metrics: the metrics adapter records figures in memory while a
 * handler runs and registers here how to publish them; every entry wrapper (`httpHandler`,
 * `wsHandler`, `jobHandler`) calls `publishInvocationMetrics` when its invocation ends, failed or
 * not. The wrappers import only this module, so a bundle whose code records no metric does not
 * carry the metrics library.
 */
type Publish = () => void;

const publishers = new Set<Publish>();

/** Registers how recorded figures are published (once per adapter instance). */
export function publishAtInvocationEnd(publish: Publish): void {
  publishers.add(publish);
}

/**
 * Publishes what this invocation recorded. Never throws: a metric that cannot be written costs a
 * warning, never the reply.
 */
export function publishInvocationMetrics(log: Logger): void {
  for (const publish of publishers) {
    try {
      publish();
    } catch (error) {
      log.warn('metrics not published', { error });
    }
  }
}

/** Tests only: forget the registered publishers. */
export function resetInvocationMetricsForTests(): void {
  publishers.clear();
}
