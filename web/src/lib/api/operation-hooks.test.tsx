import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation, type AnyOperation } from '@bidgrid/shared/api/operation';
import { ApiError, type CallInput, type OperationCaller } from './api-client';
import { createApolloClient } from './apollo-client';
import { updateCached, useRefreshOperations, type CacheEffects } from './cache-effects';
import { useOperationMutation } from './use-operation-mutation';
import { skipToken, useOperationQuery } from './use-operation-query';

const ZItem = z.object({ id: z.string(), name: z.string() });
type TItem = z.infer<typeof ZItem>;

const listItems = defineOperation({
  name: 'testListItems',
  method: 'GET',
  path: '/api/test/items/{groupId}',
  auth: 'user',
  params: z.object({ groupId: z.string() }),
  query: z.object({ frame: z.enum(['ALL', 'WEEK']) }),
  response: z.array(ZItem),
  summary: 'a list read keyed by group and frame',
  specRef: 'test',
});

const getItem = defineOperation({
  name: 'testGetItem',
  method: 'GET',
  path: '/api/test/item/{id}',
  auth: 'user',
  params: z.object({ id: z.string() }),
  response: ZItem,
  summary: 'a single read',
  specRef: 'test',
});

const renameItem = defineOperation({
  name: 'testRenameItem',
  method: 'PUT',
  path: '/api/test/item',
  auth: 'user',
  body: z.object({ id: z.string(), name: z.string() }),
  response: ZItem,
  summary: 'a change answering the changed item',
  specRef: 'test',
});

const uploadItemFile = defineOperation({
  name: 'testUploadItemFile',
  method: 'POST',
  path: '/api/test/item/file',
  auth: 'user',
  body: z.object({ id: z.string(), file: z.file() }),
  bodyKind: 'form',
  response: ZItem,
  summary: 'a form-data change',
  specRef: 'test',
});

// A paged list as the list operations will be: a cursor in the query, `{items, nextCursor}` in the reply.
const pageItems = defineOperation({
  name: 'testPageItems',
  method: 'GET',
  path: '/api/test/pages',
  auth: 'user',
  query: z.object({ cursor: z.optional(z.string()) }),
  response: z.object({ items: z.array(ZItem), nextCursor: z.nullable(z.string()) }),
  summary: 'a paged list',
  specRef: 'test',
});

/** A deferred reply, to look at a hook while its call is on its way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A call's input as the fake server sees it. */
interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}
type Handler = (input: LooseInput) => unknown;

/** An API client answering by operation name, recording every call; and an Apollo client over it. */
function fakeServer(handlers: Record<string, Handler>) {
  const calls: Array<{ operation: string; input: LooseInput }> = [];
  const api: OperationCaller = {
    call: vi.fn(async (operation, input) => {
      const { signal: _signal, ...rest } = (input ?? {}) as CallInput<AnyOperation> & LooseInput;
      calls.push({ operation: operation.name, input: rest });
      const handler = handlers[operation.name];
      if (!handler) throw new Error(`no fake for ${operation.name}`);
      return handler(rest);
    }) as OperationCaller['call'],
    // The fake's paged lists answer `{ payload, nextCursor }` as the server's envelope carries them.
    callPage: vi.fn(async (operation, input) => {
      const { signal: _signal, ...rest } = (input ?? {}) as CallInput<AnyOperation> & LooseInput;
      calls.push({ operation: operation.name, input: rest });
      const handler = handlers[operation.name];
      if (!handler) throw new Error(`no fake for ${operation.name}`);
      return handler(rest);
    }) as OperationCaller['callPage'],
  };
  const apollo = createApolloClient(api);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={apollo}>{children}</ApolloProvider>
  );
  const callsOf = (name: string) => calls.filter((call) => call.operation === name);
  // What the cache holds, by root (ROOT_QUERY, ROOT_MUTATION) and store field name.
  const stored = () => apollo.cache.extract() as Record<string, Record<string, unknown> | undefined>;
  return { apollo, wrapper, calls, callsOf, stored };
}

const items = (group: string, frame: string): TItem[] => [{ id: `${group}-1`, name: `${group} ${frame}` }];
const listHandler: Handler = (input) => {
  const { params, query } = input as { params: { groupId: string }; query: { frame: string } };
  return items(params.groupId, query.frame);
};

describe('useOperationQuery', () => {
  it('sends the headers option to the API client, outside the cache key', async () => {
    // Prepare
    const server = fakeServer({ testListItems: listHandler });
    const input = { params: { groupId: 'g' }, query: { frame: 'ALL' } } as const;

    // Act
    const { result } = renderHook(() => useOperationQuery(listItems, input, { headers: { 'X-Test-Ticket': 't-1' } }), {
      wrapper: server.wrapper,
    });

    // Assess
    await waitFor(() => expect(result.current.data).toEqual(items('g', 'ALL')));
    expect(server.callsOf('testListItems')).toEqual([
      { operation: 'testListItems', input: { ...input, headers: { 'X-Test-Ticket': 't-1' } } },
    ]);
    expect(Object.keys(server.stored()['ROOT_QUERY'] ?? {})).toContain(
      'testListItems({"input":{"params":{"groupId":"g"},"query":{"frame":"ALL"}}})',
    );
  });

  it('keys the cache by the input: the same input is one request, another input is another', async () => {
    // Prepare
    const server = fakeServer({ testListItems: listHandler });
    const input = { params: { groupId: 'a' }, query: { frame: 'ALL' } } as const;

    // Act
    const first = renderHook(() => useOperationQuery(listItems, input), { wrapper: server.wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(items('a', 'ALL')));
    const second = renderHook(() => useOperationQuery(listItems, { ...input, params: { groupId: 'a' } }), {
      wrapper: server.wrapper,
    });
    const other = renderHook(
      () => useOperationQuery(listItems, { params: { groupId: 'b' }, query: { frame: 'ALL' } }),
      {
        wrapper: server.wrapper,
      },
    );
    await waitFor(() => expect(other.result.current.data).toEqual(items('b', 'ALL')));

    // Assess
    expect(second.result.current.data).toEqual(items('a', 'ALL'));
    expect(server.callsOf('testListItems').map((call) => call.input)).toEqual([
      { params: { groupId: 'a' }, query: { frame: 'ALL' } },
      { params: { groupId: 'b' }, query: { frame: 'ALL' } },
    ]);
  });

  it('keeps the previous input’s data while the new one loads, and shows a cached input at once', async () => {
    // Prepare
    const week = deferred<TItem[]>();
    const server = fakeServer({
      testListItems: (input) =>
        (input.query as { frame: string }).frame === 'WEEK' ? week.promise : listHandler(input),
    });
    const { result, rerender } = renderHook(
      ({ frame }: { frame: 'ALL' | 'WEEK' }) =>
        useOperationQuery(listItems, { params: { groupId: 'a' }, query: { frame } }),
      { wrapper: server.wrapper, initialProps: { frame: 'ALL' } },
    );
    await waitFor(() => expect(result.current.data).toEqual(items('a', 'ALL')));

    // Act
    rerender({ frame: 'WEEK' });

    // Assess
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(result.current.previousData).toEqual(items('a', 'ALL'));

    // Act
    week.resolve(items('a', 'WEEK'));
    await waitFor(() => expect(result.current.data).toEqual(items('a', 'WEEK')));
    rerender({ frame: 'ALL' });

    // Assess: the first frame comes from the cache, without a third request
    expect(result.current.data).toEqual(items('a', 'ALL'));
    expect(result.current.loading).toBe(false);
    expect(server.callsOf('testListItems')).toHaveLength(2);
  });

  it('reads nothing for skipToken', async () => {
    // Prepare
    const server = fakeServer({ testListItems: listHandler });

    // Act
    const { result } = renderHook(() => useOperationQuery(listItems, skipToken), { wrapper: server.wrapper });

    // Assess
    expect(result.current).toMatchObject({ data: undefined, loading: false, error: undefined });
    expect(server.calls).toEqual([]);
  });

  it('surfaces the API error of a failed read, and refetch asks again', async () => {
    // Prepare
    let fail = true;
    const server = fakeServer({
      testGetItem: () => {
        if (fail) throw new ApiError('Item not found.', 'http', 404);
        return { id: 'x', name: 'Found' };
      },
    });
    const { result } = renderHook(() => useOperationQuery(getItem, { params: { id: 'x' } }), {
      wrapper: server.wrapper,
    });

    // Act
    await waitFor(() => expect(result.current.error).toBeDefined());

    // Assess
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe('Item not found.');
    expect(result.current.data).toBeUndefined();
    expect(result.current.loading).toBe(false);

    // Act
    fail = false;
    let fresh: TItem | undefined;
    await act(async () => {
      fresh = await result.current.refetch();
    });

    // Assess
    expect(fresh).toEqual({ id: 'x', name: 'Found' });
    await waitFor(() => expect(result.current.data).toEqual({ id: 'x', name: 'Found' }));
    expect(result.current.error).toBeUndefined();
  });

  it('asks the server on every mount with network-only', async () => {
    // Prepare
    const server = fakeServer({ testGetItem: () => ({ id: 'x', name: 'Fresh' }) });
    const mount = () =>
      renderHook(() => useOperationQuery(getItem, { params: { id: 'x' } }, { fetchPolicy: 'network-only' }), {
        wrapper: server.wrapper,
      });

    // Act
    const first = mount();
    await waitFor(() => expect(first.result.current.data).toBeDefined());
    first.unmount();
    const second = mount();
    await waitFor(() => expect(second.result.current.data).toBeDefined());

    // Assess
    expect(server.callsOf('testGetItem')).toHaveLength(2);
  });

  it('joins the next page of a paged list under the first page’s input', async () => {
    // Prepare
    const pages: Record<string, { items: TItem[]; nextCursor: string | null }> = {
      first: { items: [{ id: '1', name: 'One' }], nextCursor: 'c2' },
      c2: { items: [{ id: '2', name: 'Two' }], nextCursor: null },
    };
    const server = fakeServer({
      testPageItems: (input) => pages[(input.query as { cursor?: string } | undefined)?.cursor ?? 'first'],
    });
    const { result } = renderHook(() => useOperationQuery(pageItems, { query: {} }), { wrapper: server.wrapper });
    await waitFor(() => expect(result.current.data?.items).toHaveLength(1));

    // Act
    await act(async () => {
      const cursor = result.current.data?.nextCursor ?? undefined;
      await result.current.fetchMore({ query: { cursor } }, (shown, next) => ({
        items: [...shown.items, ...next.items],
        nextCursor: next.nextCursor,
      }));
    });

    // Assess
    await waitFor(() => expect(result.current.data?.items.map((item) => item.name)).toEqual(['One', 'Two']));
    expect(result.current.data?.nextCursor).toBeNull();
    expect(server.callsOf('testPageItems').map((call) => call.input)).toEqual([
      { query: {} },
      { query: { cursor: 'c2' } },
    ]);
    const again = renderHook(() => useOperationQuery(pageItems, { query: {} }), { wrapper: server.wrapper });
    expect(again.result.current.data?.items).toHaveLength(2);
    expect(server.callsOf('testPageItems')).toHaveLength(2);
  });
});

const RENAMED: CacheEffects<TItem> = {
  refreshes: [listItems],
  updates: [updateCached(getItem, (cached, saved: TItem) => (cached.id === saved.id ? saved : cached))],
};

describe('useOperationMutation', () => {
  it("sends a call's extra headers to the API client beside its input", async () => {
    // Prepare
    const server = fakeServer({ testRenameItem: (input) => input.body });
    const { result } = renderHook(() => useOperationMutation(renameItem), { wrapper: server.wrapper });

    // Act
    await act(async () => {
      await result.current.mutate({ body: { id: 'x', name: 'Renamed' } }, { headers: { 'X-Test-Ticket': 't-1' } });
    });

    // Assess
    expect(server.calls).toEqual([
      {
        operation: 'testRenameItem',
        input: { body: { id: 'x', name: 'Renamed' }, headers: { 'X-Test-Ticket': 't-1' } },
      },
    ]);
  });

  it('sends the input, resolves with the reply and keeps no reply in the cache', async () => {
    // Prepare
    const server = fakeServer({ testRenameItem: (input) => input.body });
    const { result } = renderHook(() => useOperationMutation(renameItem), { wrapper: server.wrapper });

    // Act
    let reply: TItem | undefined;
    await act(async () => {
      reply = await result.current.mutate({ body: { id: 'x', name: 'Renamed' } });
    });

    // Assess
    expect(reply).toEqual({ id: 'x', name: 'Renamed' });
    expect(result.current.data).toEqual({ id: 'x', name: 'Renamed' });
    expect(server.calls).toEqual([{ operation: 'testRenameItem', input: { body: { id: 'x', name: 'Renamed' } } }]);
    expect(server.stored()['ROOT_MUTATION']).toBeUndefined();
  });

  it('applies its effects before it resolves: refetches the queries on screen, drops the others, updates in place', async () => {
    // Prepare
    const world = { names: { x: 'Old', y: 'Other' } as Record<string, string> };
    const server = fakeServer({
      testListItems: (input) => {
        const { frame } = (input.query ?? {}) as { frame: string };
        return [{ id: 'x', name: `${world.names['x']} ${frame}` }];
      },
      testGetItem: (input) => {
        const { id } = input.params as { id: string };
        return { id, name: world.names[id] };
      },
      testRenameItem: (input) => {
        const body = input.body as TItem;
        world.names[body.id] = body.name;
        return body;
      },
    });
    const week = renderHook(
      () => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'WEEK' } }),
      {
        wrapper: server.wrapper,
      },
    );
    await waitFor(() => expect(week.result.current.data).toBeDefined());
    week.unmount();
    const shown = renderHook(
      () => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'ALL' } }),
      {
        wrapper: server.wrapper,
      },
    );
    const itemX = renderHook(() => useOperationQuery(getItem, { params: { id: 'x' } }), { wrapper: server.wrapper });
    const itemY = renderHook(() => useOperationQuery(getItem, { params: { id: 'y' } }), { wrapper: server.wrapper });
    await waitFor(() => expect(shown.result.current.data).toEqual([{ id: 'x', name: 'Old ALL' }]));
    // Both items must be in the cache before the change: an answer still on its way carries the old name.
    await waitFor(() => expect(itemX.result.current.data).toEqual({ id: 'x', name: 'Old' }));
    await waitFor(() => expect(itemY.result.current.data).toBeDefined());
    const { result } = renderHook(() => useOperationMutation(renameItem, RENAMED), { wrapper: server.wrapper });
    const before = server.calls.length;

    // Act
    await act(async () => {
      await result.current.mutate({ body: { id: 'x', name: 'New' } });
    });

    // Assess: the list on screen was fetched again before mutate resolved
    expect(shown.result.current.data).toEqual([{ id: 'x', name: 'New ALL' }]);
    expect(server.calls.slice(before).map((call) => call.operation)).toEqual(['testRenameItem', 'testListItems']);
    // ...the single item was updated in the cache from the reply without a request (the hook shows it when
    // the cache's broadcast reaches React), the other item left alone
    const cachedItems = Object.entries(server.stored()['ROOT_QUERY'] ?? {}).filter(([key]) =>
      key.startsWith(getItem.name),
    );
    expect(cachedItems.map(([, value]) => value)).toEqual(
      expect.arrayContaining([
        { id: 'x', name: 'New' },
        { id: 'y', name: 'Other' },
      ]),
    );
    await waitFor(() => expect(itemX.result.current.data).toEqual({ id: 'x', name: 'New' }));
    expect(itemY.result.current.data).toEqual({ id: 'y', name: 'Other' });
    // ...and the answer not on screen was dropped, so showing it again asks the server
    const rooted = Object.keys(server.stored()['ROOT_QUERY'] ?? {});
    expect(rooted.filter((key) => key.includes('"WEEK"'))).toEqual([]);
    const weekAgain = renderHook(
      () => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'WEEK' } }),
      { wrapper: server.wrapper },
    );
    await waitFor(() => expect(weekAgain.result.current.data).toEqual([{ id: 'x', name: 'New WEEK' }]));
  });

  it('is loading until the reply and its effects are in', async () => {
    // Prepare
    const reply = deferred<TItem>();
    const refetched = deferred<TItem[]>();
    let listed = 0;
    const server = fakeServer({
      testListItems: () => (++listed === 1 ? [{ id: 'x', name: 'Old' }] : refetched.promise),
      testRenameItem: () => reply.promise,
    });
    const list = renderHook(() => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'ALL' } }), {
      wrapper: server.wrapper,
    });
    await waitFor(() => expect(list.result.current.data).toBeDefined());
    const { result } = renderHook(() => useOperationMutation(renameItem, RENAMED), { wrapper: server.wrapper });

    // Act
    let done = false;
    act(() => {
      void result.current.mutate({ body: { id: 'x', name: 'New' } }).then(() => {
        done = true;
      });
    });

    // Assess
    await waitFor(() => expect(result.current.loading).toBe(true));
    reply.resolve({ id: 'x', name: 'New' });
    await waitFor(() => expect(listed).toBe(2));
    expect(result.current.loading).toBe(true);
    expect(done).toBe(false);
    refetched.resolve([{ id: 'x', name: 'New' }]);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(done).toBe(true);
  });

  it('rejects with the API error, keeps it as its error, and applies no effect', async () => {
    // Prepare
    const server = fakeServer({
      testListItems: listHandler,
      testRenameItem: () => {
        throw new ApiError('The name is taken.', 'envelope', 200);
      },
    });
    const list = renderHook(() => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'ALL' } }), {
      wrapper: server.wrapper,
    });
    await waitFor(() => expect(list.result.current.data).toBeDefined());
    const { result } = renderHook(() => useOperationMutation(renameItem, RENAMED), { wrapper: server.wrapper });

    // Act
    let failure: unknown;
    await act(async () => {
      failure = await result.current.mutate({ body: { id: 'x', name: 'Taken' } }).catch((error: unknown) => error);
    });

    // Assess
    expect(failure).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe('The name is taken.');
    expect(result.current.loading).toBe(false);
    expect(server.callsOf('testListItems')).toHaveLength(1);
  });

  it('resolves when the refresh fails: the change went through, the failure is logged', async () => {
    // Prepare
    let listed = 0;
    const server = fakeServer({
      testListItems: () => {
        if (++listed > 1) throw new ApiError('Reports are down.', 'http', 503);
        return [{ id: 'x', name: 'Old' }];
      },
      testRenameItem: (input) => input.body,
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const list = renderHook(() => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'ALL' } }), {
      wrapper: server.wrapper,
    });
    await waitFor(() => expect(list.result.current.data).toBeDefined());
    const { result } = renderHook(() => useOperationMutation(renameItem, RENAMED), { wrapper: server.wrapper });

    // Act
    let reply: TItem | undefined;
    await act(async () => {
      reply = await result.current.mutate({ body: { id: 'x', name: 'New' } });
    });

    // Assess
    expect(reply).toEqual({ id: 'x', name: 'New' });
    expect(result.current.error).toBeUndefined();
    expect(log).toHaveBeenCalledWith('Reloading testListItems failed', expect.any(ApiError));
  });

  it('hands a form operation’s body, files included, to the API client as it is', async () => {
    // Prepare
    const server = fakeServer({ testUploadItemFile: () => ({ id: 'x', name: 'banner.png' }) });
    const file = new File(['png'], 'banner.png', { type: 'image/png' });
    const { result } = renderHook(() => useOperationMutation(uploadItemFile), { wrapper: server.wrapper });

    // Act
    await act(async () => {
      await result.current.mutate({ body: { id: 'x', file } });
    });

    // Assess
    expect((server.calls[0]?.input.body as { file: File }).file).toBe(file);
  });
});

describe('useRefreshOperations', () => {
  it('reloads the queries of some operations once, for a flow of several calls', async () => {
    // Prepare
    let listed = 0;
    const server = fakeServer({
      testListItems: () => [{ id: 'x', name: `List ${++listed}` }],
      testRenameItem: (input) => input.body,
    });
    const list = renderHook(() => useOperationQuery(listItems, { params: { groupId: 'g' }, query: { frame: 'ALL' } }), {
      wrapper: server.wrapper,
    });
    await waitFor(() => expect(list.result.current.data).toEqual([{ id: 'x', name: 'List 1' }]));
    const { result } = renderHook(
      () => ({ rename: useOperationMutation(renameItem), refresh: useRefreshOperations(RENAMED.refreshes ?? []) }),
      { wrapper: server.wrapper },
    );

    // Act
    await act(async () => {
      await result.current.rename.mutate({ body: { id: 'x', name: 'A' } });
      await result.current.rename.mutate({ body: { id: 'x', name: 'B' } });
      await result.current.refresh();
    });

    // Assess
    expect(list.result.current.data).toEqual([{ id: 'x', name: 'List 2' }]);
    expect(server.calls.map((call) => call.operation)).toEqual([
      'testListItems',
      'testRenameItem',
      'testRenameItem',
      'testListItems',
    ]);
  });
});
