import { nowMs } from '@bidgrid/shared/clock';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { fakeJwt, FakeSocket } from '@/test/fake-realtime';
import { RealtimeContext, useRealtimeState } from './realtime-context';
import { RealtimeProvider } from './realtime-provider';
import { useRealtimeCall } from './use-realtime-call';

const auth = vi.hoisted(() => ({
  token: '',
  refreshListeners: new Set<() => void>(),
}));

vi.mock('@/lib/auth/cognito', () => ({
  currentAccessToken: async () => auth.token,
  refreshAccessToken: async () => auth.token,
  onTokenRefresh: (listener: () => void) => {
    auth.refreshListeners.add(listener);
    return () => auth.refreshListeners.delete(listener);
  },
}));

afterEach(() => {
  auth.refreshListeners.clear();
});

function Probe() {
  return <p>{useRealtimeState()}</p>;
}

describe('RealtimeProvider', () => {
  it('opens the connection on mount, re-authenticates on a token refresh, and closes on unmount', async () => {
    // Prepare
    auth.token = fakeJwt('first', Math.floor(nowMs() / 1000) + 3600);
    const sockets: FakeSocket[] = [];
    const createSocket = (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      queueMicrotask(() => socket.open());
      return socket;
    };

    // Act
    const view = render(
      <RealtimeProvider url="wss://ws.example.test/prod" onSessionLost={vi.fn()} createSocket={createSocket}>
        <Probe />
      </RealtimeProvider>,
    );

    // Assess
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(sockets.map((s) => s.token)).toEqual([auth.token]);
    auth.token = fakeJwt('second', Math.floor(nowMs() / 1000) + 3600);
    act(() => auth.refreshListeners.forEach((listener) => listener()));
    await waitFor(() => expect(sockets.map((s) => s.token)).toEqual([sockets[0]?.token, auth.token]));
    await waitFor(() => expect(sockets[0]?.closedWith).toBe(1000));
    view.unmount();
    expect(sockets[1]?.closedWith).toBe(1000);
    expect(auth.refreshListeners.size).toBe(0);
  });
});

describe('useRealtimeCall', () => {
  it('tracks pending, progress and data; a new call supersedes the one under way; unmount cancels', async () => {
    // Prepare
    auth.token = fakeJwt('demo', Math.floor(nowMs() / 1000) + 3600);
    const sockets: FakeSocket[] = [];
    const { RealtimeClient } = await import('./realtime-client');
    const client = new RealtimeClient({
      url: 'wss://ws.example.test/prod',
      getToken: async () => auth.token,
      refreshToken: async () => auth.token,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        queueMicrotask(() => socket.open());
        return socket;
      },
    });
    client.start();
    const { result, unmount } = renderHook(() => useRealtimeCall(realtimeEventsByName.getHubSpotLists), {
      wrapper: ({ children }) => <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>,
    });
    const input = { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' } as const;

    // Act: a first call, superseded by a second.
    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.call(input).catch((error: unknown) => error);
    });
    await waitFor(() => expect(sockets[0]?.calls).toHaveLength(1));
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      second = result.current.call({ ...input, listType: 'contacts' });
    });
    await waitFor(() => expect(sockets[0]?.calls).toHaveLength(2));
    const socket = sockets[0] as FakeSocket;
    const reqID = socket.calls[1]?.['reqID'];
    act(() => socket.receive({ reqID, done: 1, total: 4 }));

    // Assess
    expect(await first).toMatchObject({ kind: 'aborted' });
    await waitFor(() => expect(result.current.progress).toEqual({ done: 1, total: 4 }));
    expect(result.current.pending).toBe(true);
    act(() =>
      socket.receive({
        event: 'retrievedLists',
        reqID,
        success: true,
        payload: [{ listId: '7', name: 'L' }],
        error: null,
      }),
    );
    expect(await second).toEqual([{ listId: '7', name: 'L' }]);
    await waitFor(() =>
      expect(result.current).toMatchObject({
        pending: false,
        progress: null,
        error: null,
        data: [{ listId: '7', name: 'L' }],
      }),
    );

    // Act / Assess: unmounting cancels a call under way.
    let third: Promise<unknown> = Promise.resolve();
    act(() => {
      third = result.current.call(input).catch((error: unknown) => error);
    });
    await waitFor(() => expect(socket.calls).toHaveLength(3));
    unmount();
    expect(await third).toMatchObject({ kind: 'aborted' });
    client.stop();
  });
});
