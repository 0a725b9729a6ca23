import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import type { FakeSocket } from '@/test/fake-realtime';

/** A miss the match could only say had no ranges (`no-ranges`), waiting for its explanation. */
export const interimRow = (domain: string): TCompanyRow => ({
  domain,
  include: false,
  noMatch: { code: 'no-ranges', message: `No IP ranges of its own were found for ${domain}.` },
});

/**
 * The server's successful reply to a sent `getCSVKickfireMatches` call: `rows` as both the listed and the
 * unique rows, the matched ones counted.
 */
export function answerMatch(call: { socket: FakeSocket; message: Record<string, unknown> }, rows: TCompanyRow[]): void {
  call.socket.receive({
    event: 'retrievedCSVKickfireMatches',
    reqID: call.message['reqID'],
    success: true,
    payload: { primarySegments: rows, uniqueSegments: rows, matches: rows.filter((row) => row.domainInfo).length },
    error: null,
  });
}
