import { Progress, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdGroup, TAdGroupCreate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/lib/toaster';
import { CREATIVES_REPLACED, replaceFailedText } from '../campaign-messages';
import { useReplaceAdGroup } from '../api/ad-group-calls';
import { stepText, type TCreativeMaker, type TReplacementStep } from '../replace-ad-group';

/** A replacement the modal asks for: the new ad group and how to make each of its creatives. */
export interface TReplacementRequest {
  readonly newAdGroup: TAdGroupCreate;
  readonly makers: readonly TCreativeMaker[];
}

/**
 * Runs a replacement for a modal (000 §4, 001 §4): busy while it runs, then (once the ad groups and
 * creatives are reloaded) 'Creatives successfully replaced.', or (5 s, 001 §8) 'There was an error:
 * {message}' with the server's message, 'There was an error while upload new Ad Group' when there is none.
 */
export function useReplacement(
  oldAdGroupIds: ReadonlyArray<TAdGroup['adGroupId']>,
  onReplaced: () => Promise<void> | void,
) {
  const [step, setStep] = useState<TReplacementStep | null>(null);
  const replace = useReplaceAdGroup();
  const run = async (request: TReplacementRequest): Promise<boolean> => {
    setStep({ step: 'creating-ad-group' });
    try {
      await replace({ oldAdGroupIds, ...request }, setStep);
      await onReplaced();
      toaster.create({ type: 'success', title: CREATIVES_REPLACED, duration: TOAST_MS.upload, closable: true });
      return true;
    } catch (error) {
      console.error('The ad group was not replaced', error);
      toaster.create({ type: 'error', title: replaceFailedText(error), duration: TOAST_MS.upload, closable: true });
      return false;
    } finally {
      setStep(null);
    }
  };
  return { busy: step !== null, step, run };
}

/**
 * The frame of both replacement modals: a form in a dialog that cannot be closed while busy (no Escape,
 * no click outside, close buttons disabled), with the progress of the running replacement.
 */
export function ReplacementDialogFrame({
  open,
  title,
  busy,
  step,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  step: TReplacementStep | null;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  const progress = step?.step === 'creating-creative' ? Math.round((step.done / Math.max(1, step.total)) * 100) : null;
  return (
    <FormDialog
      open={open}
      title={title}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel="Replacing"
      size="lg"
      scrollInside
      announceBusy
      onClose={onClose}
      onSubmit={submit}
    >
      {children}
      {busy ? (
        <Stack gap="2" role="status" aria-live="polite">
          <Text fontSize="sm">{stepText(step)}</Text>
          <Progress.Root value={progress} size="sm" colorPalette="blue" aria-label="Replacement progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ) : null}
    </FormDialog>
  );
}
