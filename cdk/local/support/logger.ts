/** Levels of the local stack's own console output (handlers log through their own logger). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 50 };

/** A tiny console logger: the stack prints a few lines, so a library would be more weight than help. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** A child logger whose lines start with `[name]`. */
  child(name: string): Logger;
}

/** Describes an unknown thrown value in one line (stack only at debug level). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/**
 * Creates a logger that prints lines at or above `level`. `quiet` keeps only warnings and errors
 * (tests start stacks with --quiet and still want to see why one failed).
 */
export function createLogger(level: LogLevel, prefix = ''): Logger {
  const enabled = (l: Exclude<LogLevel, 'silent'>): boolean => order[l] >= order[level];
  const tag = prefix ? `[${prefix}] ` : '';
  return {
    debug: (m) => {
      if (enabled('debug')) console.log(`${tag}${m}`);
    },
    info: (m) => {
      if (enabled('info')) console.log(`${tag}${m}`);
    },
    warn: (m) => {
      if (enabled('warn')) console.warn(`${tag}${m}`);
    },
    error: (m, error) => {
      if (!enabled('error')) return;
      console.error(`${tag}${m}${error === undefined ? '' : `: ${describeError(error)}`}`);
      if (error instanceof Error && enabled('debug') && error.stack) console.error(error.stack);
    },
    child: (name) => createLogger(level, prefix ? `${prefix}:${name}` : name),
  };
}
