import { useCallback, useEffect, useRef, useState } from 'react';
import type { TCompanyMatchResult } from '@bidgrid/shared/targeting/company.schema';
import { useNoMatchExplanations } from './api/company-matches.realtime';
import { domainsToExplain, withExplanations } from './company-rows';

type TExplanationsCall = ReturnType<typeof useNoMatchExplanations>;

/** What `useMissExplanations` gives a company source. */
export interface TMissExplanations {
  /**
   * Explains the misses of `result` answered `no-ranges` (nothing to do when there are none), then
   * hands `result` with the full reasons to the hook's `onExplained`, unless superseded first (a new
   * `explain`, `cancel`). A failure is held in `error`, for `retry`.
   */
  explain(result: TCompanyMatchResult): Promise<void>;
  /** Explains the last result again after a failure. */
  retry(): Promise<void>;
  /** Stops an explanation under way (a new match starts). */
  cancel(): void;
  pending: boolean;
  /** How many domains are being (or failed to be) explained. */
  count: number;
  progress: TExplanationsCall['progress'];
  error: TExplanationsCall['error'];
}

/**
 * The second phase of a company match (issue 12): the match answers fast, leaving `no-ranges` where
 * only the vendor's paid company look-ups could say why a domain did not match; this asks them in the
 * background (`explainNoMatches`) while the user carries on, and hands the match with the reasons in
 * place to `onExplained` (`of` is the match it explains). Matched rows and include flags never change.
 */
export function useMissExplanations(
  onExplained: (explained: TCompanyMatchResult, of: TCompanyMatchResult) => void,
): TMissExplanations {
  const { call: send, reset, pending, progress, error } = useNoMatchExplanations();
  const [asked, setAsked] = useState<TCompanyMatchResult | null>(null);
  const latest = useRef<TCompanyMatchResult | null>(null);
  const listener = useRef(onExplained);
  useEffect(() => {
    listener.current = onExplained;
  });

  const explain = useCallback(
    async (result: TCompanyMatchResult): Promise<void> => {
      const domains = domainsToExplain(result);
      latest.current = result;
      setAsked(domains.length > 0 ? result : null);
      if (domains.length === 0) {
        reset();
        return;
      }
      try {
        const reply = await send({ domains });
        if (latest.current === result) listener.current(withExplanations(result, reply.reasons), result);
      } catch {
        // The call holds the error (shown with a way to retry); a superseded call is no failure.
      }
    },
    [send, reset],
  );

  const cancel = useCallback(() => {
    latest.current = null;
    setAsked(null);
    reset();
  }, [reset]);

  const retry = useCallback(async () => {
    if (asked) await explain(asked);
  }, [asked, explain]);

  return {
    explain,
    retry,
    cancel,
    pending,
    count: asked ? domainsToExplain(asked).length : 0,
    progress,
    error,
  };
}
