import { describe, expect, it } from 'vitest';
import { getPlaybooks } from '@bidgrid/shared/agency/agency.operations';
import { createFakeApi } from '@/test/fake-api';
import { getApiClient } from './api-client';
import { refreshOperations } from './cache-effects';
import { prefetchOperation } from './prefetch';

describe('refreshOperations', () => {
  it('drops the prefetched replies of what it refreshes: the next read asks the server again', async () => {
    // Prepare: a prefetched reply nobody took yet
    const api = createFakeApi({ getPlaybooks: () => ({ payload: [] }) });
    await prefetchOperation(getPlaybooks, {});

    // Act: a change refreshes the playbooks
    await refreshOperations(api.apollo, [getPlaybooks]);
    await getApiClient().call(getPlaybooks, {});

    // Assess: the read after the change did not take the reply prefetched before it
    expect(api.callsOf('getPlaybooks')).toHaveLength(2);
  });
});
