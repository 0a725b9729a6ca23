import { now } from '@bidgrid/shared/clock';
import { coreConfig } from './config';

/** Levels in increasing severity; `silent` turns logging off (unit tests). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogThreshold = LogLevel | 'silent';

const SEVERITY: Record<LogThreshold, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Fields every request line may carry; anything else is allowed too (and redacted). */
export interface LogFields {
  operation?: string;
  requestId?: string;
  username?: string;
  agencyId?: string;
  durationMs?: number;
  status?: number;
  [key: string]: unknown;
}

/** A structured logger: one JSON object per line, context fields bound with `child`. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (later fields win). */
  child(fields: LogFields): Logger;
}

export const REDACTED = '[REDACTED]';

// Keys whose values are secrets whatever they look like: auth headers and cookies, every kind of
// token (access, id, refresh, OAuth, CRM), secrets and API keys, passwords, signatures, card data.
const SENSITIVE_KEY =
  /authorization|cookie|token|secret|passw|pwd|api[-_]?key|credential|private[-_]?key|signature|^card$|card[-_]?number|^cvc$|^cvv$|^pan$|^number$/i;

// Values that are secrets even under an innocent key (an error message quoting a header, a URL
// with a token in it): JWTs, bearer values, Stripe keys.
const SENSITIVE_TEXT: ReadonlyArray<[RegExp, string]> = [
  [/eyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi, `$1 ${REDACTED}`],
  [/\b(sk|rk|whsec|pk)_(live|test)_\w+/g, REDACTED],
];

// Card numbers in free text: 13 to 19 digits, optionally grouped by spaces or dashes, that pass
// the Luhn check (so order ids and epoch milliseconds mostly survive).
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SENSITIVE_TEXT) out = out.replace(pattern, replacement);
  return out.replace(CARD_CANDIDATE, (match) => (passesLuhn(match.replace(/[ -]/g, '')) ? REDACTED : match));
}

const MAX_DEPTH = 8;

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? value.toString() : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
    if (value.stack) out['stack'] = redactText(value.stack);
    if (value.cause !== undefined) out['cause'] = redactValue(value.cause, depth + 1, seen);
    // Typed errors carry a code and status worth keeping.
    for (const key of ['code', 'status', 'userMessage', 'vendor'] as const) {
      const field = (value as unknown as Record<string, unknown>)[key];
      if (field !== undefined) out[key] = redactValue(field, depth + 1, seen);
    }
    return out;
  }
  if (Buffer.isBuffer(value)) return `[Buffer ${value.length} bytes]`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) ? REDACTED : redactValue(item, depth + 1, seen);
  }
  return out;
}

/**
 * A copy of `value` safe to log: sensitive keys (Authorization, cookies, tokens, secrets,
 * passwords, signatures, card data) have their values replaced by `[REDACTED]`, and JWTs, bearer
 * values, vendor keys and card numbers are masked inside strings. Errors become plain objects.
 */
export function redact(value: unknown): unknown {
  return redactValue(value, 0, new WeakSet());
}

/** Where lines go: stdout in Lambda (CloudWatch) and locally; tests pass their own sink. */
export type LogSink = (line: string) => void;

const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

/** Builds a logger writing at or above `level` to `sink`, with `context` on every line. */
export function createLogger(options: { level: LogThreshold; sink?: LogSink; context?: LogFields }): Logger {
  const threshold = SEVERITY[options.level];
  const sink = options.sink ?? stdoutSink;
  const context = options.context ?? {};

  const write = (level: LogLevel, message: string, fields?: LogFields): void => {
    if (SEVERITY[level] < threshold) return;
    const record = redact({ level, time: now().toISOString(), message, ...context, ...fields });
    let line: string;
    try {
      line = JSON.stringify(record);
    } catch {
      // A value JSON cannot hold must not cost us the line itself.
      line = JSON.stringify({ level, time: now().toISOString(), message, logError: 'unserializable fields' });
    }
    sink(line);
  };

  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger({ level: options.level, sink, context: { ...context, ...fields } }),
  };
}

let root: Logger | undefined;

/** The process-wide logger at `LOG_LEVEL` (created on first use, once per warm Lambda). */
export function logger(): Logger {
  root ??= createLogger({ level: coreConfig().LOG_LEVEL });
  return root;
}

/**
 * Tests only: the process-wide logger writes every line to `sink` (what entry wrappers log, which
 * the silent test level would drop); called without a sink, it goes back to LOG_LEVEL and stdout.
 */
export function captureLogsForTests(sink?: LogSink): void {
  root = sink ? createLogger({ level: 'debug', sink }) : undefined;
}
