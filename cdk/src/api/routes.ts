import type { AnyOperation } from '@bidgrid/shared/api/operation';

/** One REST route of the table and the feature (nested stack) it is deployed in. */
export interface PlannedRoute {
  readonly operation: AnyOperation;
  readonly feature: string;
}

/** The API Gateway shape of the operation table. */
export interface RoutePlan {
  readonly routes: readonly PlannedRoute[];
  /** Every resource path that carries at least one method, with its methods (for CORS preflights). */
  readonly methodsByPath: ReadonlyMap<string, readonly string[]>;
  /** Features in a stable order, each one nested stack. */
  readonly features: readonly string[];
}

const SEGMENT = /^(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z0-9._~-]+)$/;

/**
 * The feature of an operation: the first segment after `/api` or `/public`, lower-cased
 * (`/api/adGroups/{id}` -> `adgroups`). Routes are split into nested stacks by it, so related
 * Lambdas share a template and a new operation lands beside its siblings.
 */
export function featureOf(op: AnyOperation): string {
  const [, , feature] = op.path.split('/');
  return (feature ?? 'root').replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'root';
}

/**
 * Checks the table against what API Gateway accepts and groups it by feature. Throws, naming the
 * operations, for: a path outside `/api` and `/public`, a malformed segment, two operations on
 * the same method and path, and two different parameter names at one level (API Gateway allows
 * a single `{param}` child per resource, e.g. `/x/{id}` beside `/x/{advertiserId}` cannot deploy).
 */
export function planRoutes(operations: readonly AnyOperation[]): RoutePlan {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const paramChild = new Map<string, { name: string; op: string }>();
  const methodsByPath = new Map<string, string[]>();

  for (const op of operations) {
    if (!/^\/(api|public)\//.test(op.path)) problems.push(`${op.name}: path ${op.path} is not under /api or /public`);
    const segments = op.path.split('/').slice(1);
    segments.forEach((segment, i) => {
      if (!SEGMENT.test(segment)) problems.push(`${op.name}: bad segment "${segment}" in ${op.path}`);
      if (segment.startsWith('{')) {
        const parent = `/${segments.slice(0, i).join('/')}`;
        const existing = paramChild.get(parent);
        if (existing && existing.name !== segment) {
          problems.push(`${op.name}: ${parent}/${segment} conflicts with ${parent}/${existing.name} of ${existing.op}`);
        } else if (!existing) paramChild.set(parent, { name: segment, op: op.name });
      }
    });
    const key = `${op.method} ${op.path}`;
    const other = seen.get(key);
    if (other) problems.push(`${op.name}: ${key} is already ${other}`);
    seen.set(key, op.name);
    methodsByPath.set(op.path, [...(methodsByPath.get(op.path) ?? []), op.method]);
  }
  if (problems.length > 0) throw new Error(`The operation table cannot be deployed:\n- ${problems.join('\n- ')}`);

  const routes = operations.map((operation) => ({ operation, feature: featureOf(operation) }));
  const features = [...new Set(routes.map((r) => r.feature))].sort();
  return { routes, methodsByPath, features };
}

/** `adgroups` -> `Adgroups`: construct ids of feature stacks. */
export const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
