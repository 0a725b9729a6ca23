import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { listAllBillingLogs } from '@bidgrid/shared/billing/billing.operations';
import { ZBillingLog, type TBillingLog } from '@bidgrid/shared/billing/billing.schema';
import { createFakeApi, type FakeReply, type FakeRequest } from '@/test/fake-api';
import { useRefreshOperations } from './cache-effects';
import { sortedJoin, useOperationPages, useReadAllPages } from './use-operation-pages';

/** Billing log `n` (a minute after `n - 1`). */
const log = (n: number): TBillingLog =>
  ZBillingLog.parse({
    id: `log-${String(n).padStart(3, '0')}`,
    bgCampaignId: null,
    date: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    type: 'charge',
    invoice: null,
    source: 'Stripe',
    amount: n,
    bgAdvertiserId: 'bgAdvertiser-acme',
  });

/** A server of `total` logs in pages of `size`: the cursor says where the next page starts. */
function pagedLogs(total: number, size: number, options: { failAt?: () => number | null } = {}) {
  const all = Array.from({ length: total }, (_, n) => log(n));
  return (request: FakeRequest): FakeReply => {
    const start = request.query['cursor'] ? Number(request.query['cursor'].replace('at-', '')) : 0;
    if (options.failAt?.() === start) return { error: 'The server is busy.', status: 503 };
    const end = Math.min(start + size, total);
    return { payload: all.slice(start, end), nextCursor: end < total ? `at-${end}` : null };
  };
}

function setup(handler: (request: FakeRequest) => FakeReply) {
  const api = createFakeApi({ listAllBillingLogs: handler });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={api.apollo}>{children}</ApolloProvider>
  );
  const cursors = () => api.callsOf('listAllBillingLogs').map((call) => call.query['cursor'] ?? 'first');
  return { api, wrapper, cursors };
}

const input = { body: { username: 'demo' } } as const;

describe('useOperationPages', () => {
  it('shows the first page, then follows the cursors to the last page, each page once', async () => {
    // Prepare
    const { wrapper, cursors } = setup(pagedLogs(250, 100));

    // Act
    const { result } = renderHook(() => useOperationPages(listAllBillingLogs, input), { wrapper });

    // Assess
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 250, done: true }));
    expect(result.current.data?.map((entry) => entry.id)).toEqual(Array.from({ length: 250 }, (_, n) => log(n).id));
    expect(cursors()).toEqual(['first', 'at-100', 'at-200']);
    expect(result.current.loading).toBe(false);
    expect(result.current.error).toBeUndefined();
  });

  it('joins pages in the order given, and another screen asking the same list shows all of it at once', async () => {
    // Prepare
    const { wrapper, cursors } = setup(pagedLogs(30, 10));
    const newestFirst = sortedJoin<TBillingLog>((a, b) => b.date.localeCompare(a.date));

    // Act
    const first = renderHook(() => useOperationPages(listAllBillingLogs, input, { join: newestFirst }), { wrapper });
    await waitFor(() => expect(first.result.current.progress.done).toBe(true));
    const second = renderHook(() => useOperationPages(listAllBillingLogs, input, { join: newestFirst }), { wrapper });

    // Assess
    expect(first.result.current.data?.[0]?.id).toBe('log-029');
    expect(second.result.current.data).toHaveLength(30);
    expect(second.result.current.progress.done).toBe(true);
    expect(cursors()).toEqual(['first', 'at-10', 'at-20']);
  });

  it('reloads from the first page when a change refreshes the list, never joining a page twice', async () => {
    // Prepare
    const { wrapper, cursors } = setup(pagedLogs(25, 10));
    const { result } = renderHook(
      () => ({ pages: useOperationPages(listAllBillingLogs, input), refresh: useRefreshOperations(REFRESH) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.pages.progress.done).toBe(true));

    // Act
    await act(async () => {
      await result.current.refresh();
    });

    // Assess
    await waitFor(() => expect(cursors()).toHaveLength(6));
    await waitFor(() => expect(result.current.pages.progress).toEqual({ loaded: 25, done: true }));
    expect(new Set(result.current.pages.data?.map((entry) => entry.id)).size).toBe(25);
    expect(cursors()).toEqual(['first', 'at-10', 'at-20', 'first', 'at-10', 'at-20']);
  });

  it('stops at a page that fails, keeps what it has, and goes on when asked', async () => {
    // Prepare: the second page fails once
    let failAt: number | null = 10;
    const { wrapper, cursors } = setup(pagedLogs(25, 10, { failAt: () => failAt }));
    const { result } = renderHook(() => useOperationPages(listAllBillingLogs, input), { wrapper });
    await waitFor(() => expect(result.current.error).toBeDefined());
    const stuck = result.current.progress;

    // Act
    failAt = null;
    act(() => result.current.retry());

    // Assess
    expect(stuck).toEqual({ loaded: 10, done: false });
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 25, done: true }));
    expect(result.current.error).toBeUndefined();
    expect(cursors()).toEqual(['first', 'at-10', 'at-10', 'at-20']);
  });
});

describe('useReadAllPages', () => {
  it('reads every page of a list when a flow needs it, outside the cache', async () => {
    // Prepare
    const { api, wrapper, cursors } = setup(pagedLogs(21, 10));
    const { result } = renderHook(() => useReadAllPages(listAllBillingLogs), { wrapper });

    // Act
    let all: TBillingLog[] = [];
    await act(async () => {
      all = await result.current(input);
    });

    // Assess
    expect(all.map((entry) => entry.amount)).toEqual(Array.from({ length: 21 }, (_, n) => n));
    expect(cursors()).toEqual(['first', 'at-10', 'at-20']);
    expect(JSON.stringify(api.apollo.cache.extract())).not.toContain('log-000');
  });
});

const REFRESH = [listAllBillingLogs];
