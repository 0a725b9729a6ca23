import { ApolloLink } from '@apollo/client';
import type { OperationVariables } from '@apollo/client';
import {
  Kind,
  valueFromASTUntyped,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { Observable } from 'rxjs';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import type { ApiClient, CallInput } from './api-client';

/**
 * The ONE terminating link between Apollo Client and the REST contract (apollo-link-rest is broken on
 * Apollo 4). Each root field of a query or mutation names an operation of the shared table:
 *
 *   query Agency($userName: String!) {
 *     agency(params: { username: $userName }) @rest(operation: "getAgencyAssignedToUser", type: "Agency") {
 *       agencyId name
 *     }
 *   }
 *
 * The field's arguments `params`, `query` and `body` are the call input (they are field arguments, not
 * directive arguments, so Apollo's cache keys each distinct input apart). The call goes through the
 * ApiClient: request validated against the operation's schemas, bearer token, expired-token refresh and
 * retry, envelope check, payload validated against `operation.response`, errors reported to the one
 * API-error toast. The payload is then projected onto the selection set: `__typename` filled from `type`
 * (nested objects get `<Parent>_<field>`), missing fields as null, so the cache stores exactly what the
 * document asks for.
 */
export interface RestLinkOptions {
  client: ApiClient;
  /** Looks an operation up by name (the shared `operationsByName`). */
  operations: ReadonlyMap<string, AnyOperation>;
}

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

interface RestField {
  field: FieldNode;
  operation: AnyOperation;
  typeName: string;
  input: CallInput<AnyOperation>;
}

const directiveArguments = (directive: DirectiveNode, variables: OperationVariables): Record<string, unknown> =>
  Object.fromEntries(
    (directive.arguments ?? []).map((argument) => [
      argument.name.value,
      valueFromASTUntyped(argument.value, variables),
    ]),
  );

/** Flattens fields of a selection set, following inline fragments and fragment spreads. */
function collectFields(selectionSet: SelectionSetNode, fragments: Fragments): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...collectFields(selection.selectionSet, fragments));
    else {
      const fragment = fragments.get(selection.name.value);
      if (!fragment) throw new Error(`Unknown fragment ${selection.name.value}`);
      fields.push(...collectFields(fragment.selectionSet, fragments));
    }
  }
  return fields;
}

/** Shapes a payload like the selection set asks, so the cache gets every selected field and nothing else. */
export function projectSelection(
  value: unknown,
  selectionSet: SelectionSetNode | undefined,
  typeName: string,
  fragments: Fragments,
): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((item) => projectSelection(item, selectionSet, typeName, fragments));
  if (!selectionSet || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const field of collectFields(selectionSet, fragments)) {
    const name = field.name.value;
    const key = field.alias?.value ?? name;
    result[key] =
      name === '__typename'
        ? typeName
        : projectSelection(source[name], field.selectionSet, `${typeName}_${name}`, fragments);
  }
  return result;
}

function restFieldsOf(operation: ApolloLink.Operation, options: RestLinkOptions, fragments: Fragments): RestField[] {
  const definition = operation.query.definitions.find(
    (node) =>
      node.kind === Kind.OPERATION_DEFINITION &&
      (!operation.operationName || node.name?.value === operation.operationName),
  );
  if (!definition || definition.kind !== Kind.OPERATION_DEFINITION) throw new Error('The document has no operation.');
  const variables = operation.variables;
  return collectFields(definition.selectionSet, fragments)
    .filter((field) => field.name.value !== '__typename')
    .map((field) => {
      const directive = field.directives?.find((node) => node.name.value === 'rest');
      if (!directive) throw new Error(`Field ${field.name.value} has no @rest directive.`);
      const { operation: operationName, type } = directiveArguments(directive, variables);
      if (typeof operationName !== 'string') throw new Error(`@rest on ${field.name.value} needs operation: "name".`);
      const restOperation = options.operations.get(operationName);
      if (!restOperation) throw new Error(`Unknown operation ${operationName}.`);
      const args = Object.fromEntries(
        (field.arguments ?? []).map((argument) => [
          argument.name.value,
          valueFromASTUntyped(argument.value, variables),
        ]),
      );
      const input = { params: args['params'], query: args['query'], body: args['body'] } as CallInput<AnyOperation>;
      return { field, operation: restOperation, typeName: typeof type === 'string' ? type : restOperation.name, input };
    });
}

/** Creates the terminating REST link. */
export function createRestLink(options: RestLinkOptions): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((subscriber) => {
        const controller = new AbortController();
        const fragments: Fragments = new Map(
          operation.query.definitions
            .filter((node): node is FragmentDefinitionNode => node.kind === Kind.FRAGMENT_DEFINITION)
            .map((node) => [node.name.value, node]),
        );
        const run = async (): Promise<Record<string, unknown>> => {
          const fields = restFieldsOf(operation, options, fragments);
          const payloads = await Promise.all(
            fields.map((entry) => options.client.call(entry.operation, { ...entry.input, signal: controller.signal })),
          );
          return Object.fromEntries(
            fields.map((entry, index) => [
              entry.field.alias?.value ?? entry.field.name.value,
              projectSelection(payloads[index], entry.field.selectionSet, entry.typeName, fragments),
            ]),
          );
        };
        run().then(
          (data) => {
            subscriber.next({ data });
            subscriber.complete();
          },
          (error: unknown) => {
            if (!controller.signal.aborted) subscriber.error(error);
          },
        );
        return () => controller.abort();
      }),
  );
}
