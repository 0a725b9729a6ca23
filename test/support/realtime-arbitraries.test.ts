import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { fuzzMessages, fuzzMessagesAround } from './realtime-arbitraries';

const event = realtimeEventsByName.getCompaniesFromList;
const base = { bgAdvertiserId: 'bgAdvertiser-base', hubspotListId: '42' };

describe('realtime fuzz messages', () => {
  it('are judged by the schemas after the JSON round trip, valid and invalid ones both made', () => {
    // Act
    const messages = fc.sample(fuzzMessages(event), { numRuns: 200, seed: 7 });

    // Assess
    for (const { message, valid } of messages) {
      const { action, reqID: _reqID, chunk: _chunk, ...request } = message;
      expect(action).toBe(event.name);
      if (valid) expect(event.request.safeParse(request).success).toBe(true);
    }
    expect(messages.some((m) => m.valid)).toBe(true);
    expect(messages.some((m) => !m.valid)).toBe(true);
  });

  it('around a valid request change at most one of its fields', () => {
    // Act
    const messages = fc.sample(fuzzMessagesAround(event, base), { numRuns: 200, seed: 7 });

    // Assess
    for (const { message } of messages) {
      const { action: _action, reqID: _reqID, chunk: _chunk, ...request } = message;
      const changed = Object.keys(base).filter(
        (key) => JSON.stringify(request[key]) !== JSON.stringify(base[key as keyof typeof base]),
      );
      expect(changed.length).toBeLessThanOrEqual(1);
    }
    expect(messages.filter((m) => m.valid).length).toBeGreaterThan(50);
    expect(messages.some((m) => !m.valid)).toBe(true);
  });
});
