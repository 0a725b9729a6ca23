import type { TypedDocumentNode } from '@apollo/client';
import { Kind, OperationTypeNode, type DocumentNode, type FieldNode, type NameNode } from 'graphql';
import type { AnyOperation, InputOf, ResponseOf } from '@bidgrid/shared/api/operation';

/**
 * The GraphQL documents Apollo Client needs, generated from the shared operation table (never written by
 * hand). Each is one root field named after the operation, with the call's input as its only argument and
 * no selection set:
 *
 *   query getAdvertiser($input: OperationInput) { getAdvertiser(input: $input) }
 *
 * so the cache stores the validated payload whole under the key (operation, input), e.g.
 * `getAdvertiser({"input":{"params":{"id":"bgAdvertiser-1"}}})`, and dropping every answer of an operation
 * is one eviction of its field name. Documents are built as syntax trees (no parser in the bundle) and made
 * once per operation, so hooks see a stable document.
 */

/** What the cache holds for a call: the payload under the operation's name. */
export type OperationData<O extends AnyOperation> = Record<string, ResponseOf<O>>;
/** The one variable of a generated document. */
export interface OperationVariables<O extends AnyOperation> {
  readonly input: InputOf<O>;
}
export type OperationDocument<O extends AnyOperation> = TypedDocumentNode<OperationData<O>, OperationVariables<O>>;

type DocumentKind = 'query' | 'mutation';

const documents = new Map<string, DocumentNode>();
const operationsByName = new Map<string, AnyOperation>();

const name = (value: string): NameNode => ({ kind: Kind.NAME, value });

function build(operation: AnyOperation, kind: DocumentKind): DocumentNode {
  const input = { kind: Kind.VARIABLE, name: name('input') } as const;
  const field: FieldNode = {
    kind: Kind.FIELD,
    name: name(operation.name),
    arguments: [{ kind: Kind.ARGUMENT, name: name('input'), value: input }],
  };
  return {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: kind === 'query' ? OperationTypeNode.QUERY : OperationTypeNode.MUTATION,
        name: name(operation.name),
        variableDefinitions: [
          {
            kind: Kind.VARIABLE_DEFINITION,
            variable: input,
            type: { kind: Kind.NAMED_TYPE, name: name('OperationInput') },
          },
        ],
        selectionSet: { kind: Kind.SELECTION_SET, selections: [field] },
      },
    ],
  };
}

/** The document of an operation, as a query (cached reads) or a mutation (calls a user makes happen). */
export function operationDocument<O extends AnyOperation>(operation: O, kind: DocumentKind): OperationDocument<O> {
  const known = operationsByName.get(operation.name);
  if (known && known !== operation) throw new Error(`Two operations are named ${operation.name}.`);
  operationsByName.set(operation.name, operation);
  const key = `${kind} ${operation.name}`;
  let document = documents.get(key);
  if (!document) {
    document = build(operation, kind);
    documents.set(key, document);
  }
  return document as OperationDocument<O>;
}

/**
 * The operation a generated document names (the link's lookup). Only operations a document was made for
 * are known, so the link never needs the whole table in the bundle.
 */
export function operationNamed(operationName: string): AnyOperation | undefined {
  return operationsByName.get(operationName);
}
