import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorToastMs } from '@/lib/api/api-error';
import { useLatest } from '@/lib/use-latest';
import { toaster } from '@/lib/toaster';
import { discardAdGroup } from '@/lib/creative-upload/discard-ad-group';
import {
  emptyPipelineState,
  PipelineFileError,
  pipelineSignature,
  runAdGroupPipeline,
  type TPipelineEvent,
  type TPipelineResult,
  type TPipelineSource,
  type TPipelineState,
  type TPipelineTarget,
} from '../ad-group-pipeline';
import { AD_GROUP_FAILED, fileFailedText } from '../ad-group-messages';
import { usePipelineCalls, wasShownByApi } from '../api/ad-group-calls';

/** Where one chosen file is in the pipeline, for its row in the valid assets list. */
export type TFileStatus =
  | { readonly state: 'uploading'; readonly loaded: number; readonly total: number }
  | { readonly state: 'uploaded' }
  | { readonly state: 'done' }
  | { readonly state: 'failed'; readonly message: string };

/**
 * Runs the ad-group pipeline for a screen and keeps what it made between attempts: a failed file stops
 * it with its message (the API's own toast, or one naming the file), and the next `run` with the same
 * source resumes where it stopped. A run for another source (the user changed the files, the details or
 * the template) first removes the ad group the earlier attempt left in the campaign, and so does leaving
 * the screen with one unfinished.
 */
export function useAdGroupPipeline() {
  const calls = usePipelineCalls();
  const kept = useRef<{ signature: string; state: TPipelineState } | null>(null);
  const [event, setEvent] = useState<TPipelineEvent | null>(null);
  const [statuses, setStatuses] = useState<Readonly<Record<string, TFileStatus>>>({});
  const [running, setRunning] = useState(false);

  // A screen left with an unfinished ad group (the user went back or away after a failed file) removes
  // it, so the campaign never shows a half-made ad group; its files are gone with the page anyway.
  const latestCalls = useLatest(calls);
  useEffect(
    () => () => {
      if (kept.current?.state.adGroup) void discardAdGroup(kept.current.state.adGroup, latestCalls.current);
    },
    [latestCalls],
  );

  const setStatus = (name: string, status: TFileStatus): void =>
    setStatuses((current) => ({ ...current, [name]: status }));

  const run = useCallback(
    async (source: TPipelineSource, target: TPipelineTarget): Promise<TPipelineResult | null> => {
      const signature = pipelineSignature(source, target);
      if (kept.current && kept.current.signature !== signature) {
        await discardAdGroup(kept.current.state.adGroup, calls);
        kept.current = null;
        setStatuses({});
      }
      const start = kept.current?.state ?? emptyPipelineState;
      setRunning(true);
      try {
        const result = await runAdGroupPipeline({ source, target }, start, calls, {
          onState: (state) => {
            kept.current = { signature, state };
            for (const name of Object.keys(state.sourceUrls)) {
              const finished = target.kind === 'campaign' ? state.creatives[name] : state.creativeTemplates[name];
              setStatus(name, finished ? { state: 'done' } : { state: 'uploaded' });
            }
          },
          onEvent: (next) => {
            setEvent(next);
            if (next.step === 'upload') {
              setStatus(next.name, { state: 'uploading', loaded: next.loaded, total: next.total });
            }
          },
        });
        // Done: a later run makes a new ad group (the wizard keeps the result in its draft).
        kept.current = null;
        return result;
      } catch (error) {
        console.error('The ad group pipeline stopped', error);
        const cause = error instanceof PipelineFileError ? error.cause : error;
        if (error instanceof PipelineFileError) setStatus(error.fileName, { state: 'failed', message: error.message });
        if (!wasShownByApi(cause)) {
          const title =
            error instanceof PipelineFileError ? fileFailedText(error.fileName, error.message) : AD_GROUP_FAILED;
          toaster.create({ type: 'error', title, duration: apiErrorToastMs(), closable: true });
        }
        return null;
      } finally {
        setEvent(null);
        setRunning(false);
      }
    },
    [calls],
  );

  /** Forgets a finished or abandoned run's files (the form was reset). */
  const reset = useCallback(() => setStatuses({}), []);

  return { run, reset, running, event, statuses, calls };
}

/** The status line of a running pipeline. */
export function pipelineEventText(event: TPipelineEvent | null): string {
  if (!event) return '';
  switch (event.step) {
    case 'ad-group':
      return 'Creating the ad group…';
    case 'ad-group-template':
      return 'Saving the ad group template…';
    case 'upload':
      return `Uploading ${event.name}… ${event.total > 0 ? Math.floor((event.loaded / event.total) * 100) : 0}%`;
    case 'creative':
      return `Creating the creative ${event.name}…`;
    case 'creative-template':
      return `Saving ${event.name} in the template…`;
    case 'collecting':
      return 'Collecting the creatives…';
  }
}
