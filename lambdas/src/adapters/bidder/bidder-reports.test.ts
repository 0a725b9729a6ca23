import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { BuzzTransport } from './buzz-transport';
import { pullDailyReport } from './bidder-reports';

/** A report queue over `rows`, answering `running` to the first status read of each report. */
function fakeQueue(rows: Array<Record<string, unknown>>) {
  const requests: Array<{ rows: number; offset: number }> = [];
  const reads = new Map<number, number>();
  const transport: BuzzTransport = {
    send: () => Promise.reject(new Error('the report pull uses call only')),
    async call(method, path, body) {
      if (method === 'POST' && path === '/rest/report_queue') {
        const details = (body as { request_details: { rows: number; offset: number } }).request_details;
        requests.push({ rows: details.rows, offset: details.offset });
        return { success: true, payload: { id: requests.length } };
      }
      const status = /^\/rest\/report_queue\/(\d+)$/.exec(path);
      if (status) {
        const id = Number(status[1]);
        const seen = (reads.get(id) ?? 0) + 1;
        reads.set(id, seen);
        return { success: true, payload: [{ report_status: seen === 1 ? 'running' : 'complete' }] };
      }
      const download = /^\/rest\/report_queue\/download\/(\d+)$/.exec(path);
      if (download) {
        const request = requests[Number(download[1]) - 1];
        if (!request) throw new Error('unknown report');
        return { success: true, payload: rows.slice(request.offset, request.offset + request.rows) };
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
  };
  return { transport, requests };
}

const row = (day: string, lineItem: number, impression: number, spend: number) => ({
  bid_day: day,
  line_item_id: lineItem,
  impression,
  clicks: 2,
  spend,
  conversion_value: 12.5,
  video_start: 0,
});

describe('pullDailyReport', () => {
  it('pages until a short page, polls until complete and maps fields to counts (money to micros)', async () => {
    // Prepare: 5 rows, pages of 2.
    const queue = fakeQueue([
      row('2026-03-01', 40, 1000, 4.123456),
      row('2026-03-01', 41, 900, 3.5),
      row('2026-03-02', 40, 800, 2),
      row('2026-03-02', 41, 700, 1),
      row('2026-03-03', 40, 600, 0.75),
    ]);
    const waits: number[] = [];
    // Act
    const rows = await pullDailyReport(
      queue.transport,
      { campaignId: 12, dimension: 'line_item_id', from: '2026-03-01', to: '2026-03-03' },
      {
        pageSize: 2,
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    );
    // Assess
    expect(queue.requests.map((r) => r.offset)).toEqual([0, 2, 4]);
    expect(waits).toEqual([50, 50, 50]);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ day: '2026-03-01', id: 40 });
    expect(rows[0]?.counts).toMatchObject({
      impressions: 1000,
      clicks: 2,
      spend_micros: 4_123_456,
      conversions_value_micros: 12_500_000,
      video_plays: 0,
    });
  });

  it('refuses rows it cannot read', async () => {
    const queue = fakeQueue([{ bid_day: 'yesterday', line_item_id: 4, impression: 1 }]);
    await expect(
      pullDailyReport(
        queue.transport,
        { campaignId: 12, dimension: 'line_item_id', from: '2026-03-01', to: '2026-03-01' },
        { sleep: async () => undefined },
      ),
    ).rejects.toMatchObject({ status: 502 });
  });
});
