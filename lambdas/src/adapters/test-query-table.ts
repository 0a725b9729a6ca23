import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { Item } from './dynamodb';

/**
 * A table for repository tests: answers the document client's QueryCommand over in-memory items the way
 * DynamoDB does for the expressions our repositories write (`pk = :pk`, `begins_with(sk, :prefix)`,
 * `sk BETWEEN`, filters of `name = :value` joined by AND, projections), with its paging rules: items in sort
 * key order (or reversed), `Limit` counting the items evaluated before the filter, a page cut at
 * `maxItemsPerCall` as the 1 MB cap would, and `LastEvaluatedKey` whenever it stopped before the end.
 */
export function queryTable(items: readonly Item[], options: { maxItemsPerCall?: number } = {}) {
  const sorted = [...items].sort((a, b) => compare(String(a['sk']), String(b['sk'])));
  const calls: QueryCommandInput[] = [];

  function query(input: QueryCommandInput) {
    calls.push(input);
    const values = input.ExpressionAttributeValues ?? {};
    const names = input.ExpressionAttributeNames ?? {};
    const matches = keyMatcher(input.KeyConditionExpression ?? '', values);
    let candidates = sorted.filter(matches);
    if (input.ScanIndexForward === false) candidates = candidates.reverse();
    const start = input.ExclusiveStartKey;
    if (start) {
      const at = candidates.findIndex((item) => item['pk'] === start['pk'] && item['sk'] === start['sk']);
      if (at < 0) throw new Error(`ExclusiveStartKey ${JSON.stringify(start)} is not an item of the query`);
      candidates = candidates.slice(at + 1);
    }
    const cap = Math.min(input.Limit ?? Infinity, options.maxItemsPerCall ?? Infinity);
    const evaluated = candidates.slice(0, cap);
    const stoppedEarly = evaluated.length === cap && cap > 0 && (cap === input.Limit || candidates.length > cap);
    const last = evaluated[evaluated.length - 1];
    const kept = evaluated.filter(filterMatcher(input.FilterExpression, values, names));
    return {
      Items: kept.map((item) => project(item, input.ProjectionExpression, names)),
      ...(stoppedEarly && last ? { LastEvaluatedKey: { pk: last['pk'], sk: last['sk'] } } : {}),
    };
  }

  return {
    calls,
    /** Routes the stub's QueryCommand to this table. */
    install(stub: AwsClientStub<DynamoDBDocumentClient>): void {
      stub.on(QueryCommand).callsFake(query);
    },
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function keyMatcher(expression: string, values: Record<string, unknown>): (item: Item) => boolean {
  const pk = /pk = (:\w+)/.exec(expression)?.[1];
  if (!pk) throw new Error(`Unsupported key condition: ${expression}`);
  const prefix = /begins_with\(sk, (:\w+)\)/.exec(expression)?.[1];
  const between = /sk BETWEEN (:\w+) AND (:\w+)/.exec(expression);
  return (item) => {
    const sk = String(item['sk']);
    if (item['pk'] !== values[pk]) return false;
    if (prefix && !sk.startsWith(String(values[prefix]))) return false;
    if (between && (sk < String(values[between[1] as string]) || sk > String(values[between[2] as string])))
      return false;
    return true;
  };
}

function filterMatcher(
  expression: string | undefined,
  values: Record<string, unknown>,
  names: Record<string, string>,
): (item: Item) => boolean {
  if (!expression) return () => true;
  const terms = expression.split(' AND ').map((term) => {
    const match = /^\s*([#\w]+) = (:\w+)\s*$/.exec(term);
    if (!match) throw new Error(`Unsupported filter: ${expression}`);
    const name = match[1] as string;
    return { name: names[name] ?? name, value: values[match[2] as string] };
  });
  return (item) => terms.every((term) => item[term.name] === term.value);
}

function project(item: Item, projection: string | undefined, names: Record<string, string>): Item {
  if (!projection) return { ...item };
  const kept = projection.split(',').map((name) => names[name.trim()] ?? name.trim());
  return Object.fromEntries(kept.filter((name) => name in item).map((name) => [name, item[name]]));
}
