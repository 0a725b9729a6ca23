import { ApolloLink } from '@apollo/client';
import { Kind } from 'graphql';
import { Observable } from 'rxjs';
import { isPaged, type AnyOperation } from '@bidgrid/shared/api/operation';
import type { CallHeaders, CallInput, OperationCaller } from './api-client';
import { operationNamed } from './operation-document';

/**
 * The ONE terminating link between Apollo Client and the REST contract. It serves the documents of
 * `operation-document.ts`: the root field names the operation, its `input` argument is the call input.
 * The call goes through the ApiClient (request validated against the operation's schemas, bearer token,
 * expired-token refresh and retry, envelope check, payload validated against `operation.response`, errors
 * reported to the one API-error toast) and the validated payload becomes the field's value, whole; a paged
 * operation's value is its `PageEntry` (the payload and the reply's `nextCursor`, see `page-entry.ts`).
 * A document run with `context: { headers }` (the hooks' `headers` option) sends those extra headers.
 */
export function createOperationLink(client: OperationCaller): ApolloLink {
  return new ApolloLink(
    (request) =>
      new Observable<ApolloLink.Result>((subscriber) => {
        const controller = new AbortController();
        const run = async (): Promise<Record<string, unknown>> => {
          const definition = request.query.definitions.find((node) => node.kind === Kind.OPERATION_DEFINITION);
          const field = definition?.selectionSet.selections[0];
          if (!field || field.kind !== Kind.FIELD) throw new Error('Not a document of the operation table.');
          const operation: AnyOperation | undefined = operationNamed(field.name.value);
          if (!operation) throw new Error(`Unknown operation ${field.name.value}.`);
          const input = (request.variables['input'] ?? {}) as CallInput<AnyOperation>;
          // Extra headers travel in the request's context (`headers`), not the input, so a credential
          // such as a picker ticket never becomes part of the cache key.
          const { headers } = request.getContext() as { headers?: CallHeaders };
          const call = { ...input, ...(headers ? { headers } : {}), signal: controller.signal };
          const value = isPaged(operation)
            ? await client.callPage(operation, call)
            : await client.call(operation, call);
          return { [field.name.value]: value };
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
