import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import type { AnyOperation, InputOf, ResponseOf } from '@bidgrid/shared/api/operation';
import type { CallHeaders } from './api-client';
import { applyCacheEffects, type CacheEffects } from './cache-effects';
import { operationDocument } from './operation-document';
import { payloadOf } from './page-entry';

/** How one call is sent. */
export interface MutationCallOptions {
  /** Extra request headers (a credential that is not the user's token, e.g. the picker's ticket). */
  readonly headers?: CallHeaders;
}

/** A call a user makes happen, with its state. */
export interface OperationMutation<O extends AnyOperation> {
  /**
   * Sends the call (input checked against the operation's schemas) and resolves with the validated reply
   * once the call's cache effects are applied; rejects with the `ApiError` the API client already showed.
   */
  mutate(input: InputOf<O>, options?: MutationCallOptions): Promise<ResponseOf<O>>;
  /** True from `mutate` until its reply and effects are in. */
  readonly loading: boolean;
  /** The failure of the last call, until the next one. */
  readonly error: Error | undefined;
  /** The reply of the last successful call. */
  readonly data: ResponseOf<O> | undefined;
}

interface MutationState<T> {
  readonly pending: number;
  readonly error: Error | undefined;
  readonly data: T | undefined;
}

const NO_EFFECTS: CacheEffects = {};

/**
 * Calls an operation of the shared table when the user acts: a change (its cache effects declared once,
 * beside the feature's calls) or a read that a flow needs at that moment (an upload URL, a consent URL).
 * Replies are not cached; `effects` says which cached answers the change updates or makes stale. Form-data
 * operations take their body as an object like any other (the API client sends it as multipart).
 *
 *   export const useArchiveCampaign = () => useOperationMutation(archiveCampaign, CAMPAIGN_CHANGED);
 *   ...
 *   const archive = useArchiveCampaign();
 *   await archive.mutate({ body: { bgCampaignId, updateBody: { archived: true } } });
 *
 * Keep `effects` a module constant: a new object each render makes a new `mutate`.
 */
export function useOperationMutation<O extends AnyOperation>(
  operation: O,
  effects: CacheEffects<ResponseOf<O>> = NO_EFFECTS,
): OperationMutation<O> {
  const client = useApolloClient();
  const [state, setState] = useState<MutationState<ResponseOf<O>>>({ pending: 0, error: undefined, data: undefined });

  const mutate = useCallback(
    async (input: InputOf<O>, options: MutationCallOptions = {}): Promise<ResponseOf<O>> => {
      setState((current) => ({ ...current, pending: current.pending + 1, error: undefined }));
      try {
        const document = operationDocument(operation, 'mutation') as unknown as TypedDocumentNode<
          Record<string, unknown>,
          { input: unknown }
        >;
        // `no-cache`: a change's reply is not an answer to keep; its effects say what it changes.
        const result = await client.mutate({
          mutation: document,
          variables: { input },
          fetchPolicy: 'no-cache',
          ...(options.headers ? { context: { headers: options.headers } } : {}),
        });
        // A paged operation asked this way answers its first page (a flow that needs all reads them all).
        const reply = payloadOf<ResponseOf<O>>(operation, result.data?.[operation.name]) as ResponseOf<O>;
        await applyCacheEffects(client, effects, reply);
        setState((current) => ({ pending: current.pending - 1, error: undefined, data: reply }));
        return reply;
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        setState((current) => ({ ...current, pending: current.pending - 1, error: failure }));
        throw error;
      }
    },
    [client, operation, effects],
  );

  return { mutate, loading: state.pending > 0, error: state.error, data: state.data };
}
