import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeEventDef, RealtimePayloadOf, RealtimeRequestOf } from '@bidgrid/shared/realtime/event';
import type { TRealtimeCallProgress } from './realtime-client';
import { useRealtimeClient } from './realtime-context';
import type { RealtimeError } from './realtime-errors';

/** What `useRealtimeCall` gives a screen. */
export interface TRealtimeCall<E extends RealtimeEventDef> {
  /**
   * Sends the event (a new call supersedes one under way) and resolves with its payload; rejects
   * with a RealtimeError, which `error` also holds.
   */
  call(input: RealtimeRequestOf<E>): Promise<RealtimePayloadOf<E>>;
  /** True from `call` until its reply or failure. */
  pending: boolean;
  /** How far the call is (`{done, total}`), while the server reports it. */
  progress: TRealtimeCallProgress | null;
  /** The last call's failure; its `message` is the text to show. */
  error: RealtimeError | null;
  /** The last call's payload. */
  data: RealtimePayloadOf<E> | undefined;
  /** Forgets the last result or error. */
  reset(): void;
}

interface TCallState<P> {
  pending: boolean;
  progress: TRealtimeCallProgress | null;
  error: RealtimeError | null;
  data: P | undefined;
}

/**
 * A typed realtime call per event: input and payload types come from the shared event definition.
 * A call sends with its own correlation id; the hook tracks its progress, pending state and error,
 * and cancels it when the screen unmounts.
 */
export function useRealtimeCall<E extends RealtimeEventDef>(event: E): TRealtimeCall<E> {
  const client = useRealtimeClient();
  const [state, setState] = useState<TCallState<RealtimePayloadOf<E>>>({
    pending: false,
    progress: null,
    error: null,
    data: undefined,
  });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const call = useCallback(
    async (input: RealtimeRequestOf<E>): Promise<RealtimePayloadOf<E>> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const mine = (): boolean => current.current === controller;
      setState({ pending: true, progress: null, error: null, data: undefined });
      try {
        const data = await client.call(event, input, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (mine()) setState((previous) => ({ ...previous, progress }));
          },
        });
        if (mine()) setState({ pending: false, progress: null, error: null, data });
        return data;
      } catch (error) {
        if (mine()) setState({ pending: false, progress: null, error: error as RealtimeError, data: undefined });
        throw error;
      }
    },
    [client, event],
  );

  const reset = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState({ pending: false, progress: null, error: null, data: undefined });
  }, []);

  return { ...state, call, reset };
}
