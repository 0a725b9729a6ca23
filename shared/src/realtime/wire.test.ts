import { describe, expect, it } from 'vitest';
import { messageBytes, parseServerMessage, REALTIME_LIMITS, ZRealtimeEnvelope, ZReqId } from './wire';

describe('realtime wire format', () => {
  it('reads replies, progress and gateway notices apart', () => {
    expect(
      parseServerMessage('{"event":"retrievedLists","reqID":"r1","success":true,"payload":[],"error":null}'),
    ).toEqual({
      kind: 'reply',
      reply: { event: 'retrievedLists', reqID: 'r1', success: true, payload: [], error: null },
    });
    expect(parseServerMessage('{"reqID":"r1","done":3,"total":10}')).toEqual({
      kind: 'progress',
      progress: { reqID: 'r1', done: 3, total: 10 },
    });
    expect(parseServerMessage('{"message":"Forbidden","connectionId":"c=","requestId":"q"}')).toEqual({
      kind: 'notice',
      notice: { message: 'Forbidden', connectionId: 'c=', requestId: 'q' },
    });
  });

  it('gives nothing for text that is none of them', () => {
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('42')).toBeNull();
    expect(parseServerMessage('{"success":"yes"}')).toBeNull();
    expect(parseServerMessage('{"reqID":"r1","done":-1,"total":1}')).toBeNull();
  });

  it('takes short URL-safe correlation ids only', () => {
    expect(ZReqId.safeParse('c-1_a').success).toBe(true);
    expect(ZReqId.safeParse('').success).toBe(false);
    expect(ZReqId.safeParse('a'.repeat(65)).success).toBe(false);
    expect(ZReqId.safeParse('a b').success).toBe(false);
  });

  it('refuses a chunk index past its count', () => {
    const result = ZRealtimeEnvelope.safeParse({ action: 'x', reqID: 'r', chunk: { index: 2, count: 2 } });
    expect(result.success).toBe(false);
  });

  it('counts bytes as UTF-8, as the limits do', () => {
    expect(messageBytes('é')).toBe(4);
    expect(REALTIME_LIMITS.clientMessageBudgetBytes).toBeLessThan(REALTIME_LIMITS.maxFrameBytes);
    expect(REALTIME_LIMITS.replyBudgetBytes).toBeLessThan(REALTIME_LIMITS.maxMessageBytes);
  });
});
