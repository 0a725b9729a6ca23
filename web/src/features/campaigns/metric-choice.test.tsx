import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LINE_ITEM_DEFAULT_METRICS } from '@bidgrid/shared/campaigns/line-item.schema';
import { SessionContext } from '@/lib/session/session-context';
import { fakeSession } from '@/test/render';
import { metricChoiceKey, parseMetricChoice, serializeMetricChoice, useMetricChoice } from './metric-choice';

const defaults = [...LINE_ITEM_DEFAULT_METRICS];

describe('the stored metric choice', () => {
  it('reads back what was stored, in the spec order, without unknown keys', () => {
    // Act
    const stored = serializeMetricChoice(new Set(['ctr', 'impressions'] as const));
    const read = parseMetricChoice(JSON.stringify(['ctr', 'gone_metric', 'impressions', 'ctr']));

    // Assess
    expect(stored).toBe('["impressions","ctr"]');
    expect([...read]).toEqual(['ctr', 'impressions']);
  });

  it("gives the spec's defaults for nothing stored or corrupt text, and keeps an empty choice empty", () => {
    // Act
    const cases = [null, '', '{"metrics":["ctr"]}', 'not json', '[1,2]', '"ctr"'].map((text) => [
      ...parseMetricChoice(text),
    ]);
    const empty = parseMetricChoice('[]');

    // Assess
    expect(cases).toEqual(cases.map(() => defaults));
    expect(empty.size).toBe(0);
  });
});

describe('useMetricChoice', () => {
  const sessionOf = (userName: string | null) => fakeSession({ isAuthenticated: userName !== null, userName });
  const wrapperFor =
    (holder: { userName: string | null }) =>
    ({ children }: { children: ReactNode }) => (
      <SessionContext.Provider value={sessionOf(holder.userName)}>{children}</SessionContext.Provider>
    );

  it("keeps each user's choice under their own key", () => {
    // Prepare
    const holder = { userName: 'demo' as string | null };
    localStorage.setItem(metricChoiceKey('rival'), '["reach"]');
    const { result, rerender } = renderHook(() => useMetricChoice(), { wrapper: wrapperFor(holder) });

    // Act
    act(() => result.current[1](new Set(['clicks', 'video_q1'] as const)));

    // Assess
    expect([...result.current[0]]).toEqual(['clicks', 'video_q1']);
    expect(localStorage.getItem('bidgrid:line-item-metrics:demo')).toBe('["clicks","video_q1"]');

    // Act: another user in the same tab
    holder.userName = 'rival';
    rerender();

    // Assess
    expect([...result.current[0]]).toEqual(['reach']);
  });

  it('starts from the stored choice on the next visit', () => {
    // Prepare
    localStorage.setItem(metricChoiceKey('demo'), '["spend","ctr"]');

    // Act
    const { result } = renderHook(() => useMetricChoice(), { wrapper: wrapperFor({ userName: 'demo' }) });

    // Assess
    expect([...result.current[0]]).toEqual(['spend', 'ctr']);
  });

  it('still changes the columns when the browser refuses to store', () => {
    // Prepare
    const { result } = renderHook(() => useMetricChoice(), { wrapper: wrapperFor({ userName: 'demo' }) });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    // Act
    act(() => result.current[1](new Set(['reach'] as const)));

    // Assess
    expect([...result.current[0]]).toEqual(['reach']);
    expect(setItem).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('The metric choice could not be saved.', expect.any(DOMException));
  });
});
