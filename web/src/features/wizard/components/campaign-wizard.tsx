import { Alert, Box, Button, Flex, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TStepName } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { newCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import type { TCampaignStep } from '@bidgrid/shared/agency/playbook.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { resetCampaignFlow } from '@/lib/campaign-flow';
import { discardAdGroup } from '@/lib/creative-upload/discard-ad-group';
import { useFeatureSlots } from '@/lib/feature-slots';
import { showGateToast } from '@/lib/toaster';
import { useLatest } from '@/lib/use-latest';
import type { TStepNextHandler, TWizardFlow, TWizardStepProps } from '@/lib/wizard-step';
import { useAdGroupRemovalCalls, usePublicListsKnown } from '../api/wizard-calls';
import { SWITCH_CLEAR_LABELS, switchAdvertiser, type TSwitchClear } from '../advertiser-switch';
import { clearWizardStorage, doneSet, type TDraftStore } from '../draft-store';
import { useAdvertiserNow } from '../hooks/use-advertiser-now';
import { CampaignDetailsStep } from '../steps/campaign-details-step';
import { LandingPageStep } from '../steps/landing-page-step';
import { SelectAdvertiserStep } from '../steps/select-advertiser-step';
import { SummaryStep } from '../steps/summary-step';
import { canOpenStep, FIXED_CAMPAIGN_STEPS, flowSteps, LAST_STEP_LABEL } from '../wizard-flow';
import { switchAdvertiserText, switchAdvertiserTitle, WIZARD_MESSAGES as W } from '../wizard-messages';
import { WizardContext, type TWizardContext } from './wizard-context';

type TStepScreen = ComponentType<TWizardStepProps>;

/**
 * The registry of step name -> screen. The Ad Group step and the targeting layers are other features'
 * screens, reached through slots (web/src/app/feature-slots.tsx fills them all). A step whose slot is
 * left empty (a unit test's app, a build without that feature) has no screen: the Custom page does not
 * offer it and it is dropped from a playbook's or the ABM list's steps when the wizard starts.
 */
export function useStepScreens(): Partial<Record<TStepName, TStepScreen>> {
  const {
    adGroupStep,
    targetCompaniesStep,
    stateProvincesStep,
    zipCodesStep,
    roleTitlesStep,
    publicationListsStep,
    visitorsSegmentsStep,
    crmSegmentsStep,
  } = useFeatureSlots();
  return useMemo(
    () => ({
      'select advertiser': SelectAdvertiserStep,
      'campaign details': CampaignDetailsStep,
      'campaign template details': CampaignDetailsStep,
      'landing page': LandingPageStep,
      ...(adGroupStep ? { 'ad group page': adGroupStep } : {}),
      ...(targetCompaniesStep ? { 'target companies': targetCompaniesStep } : {}),
      ...(stateProvincesStep ? { 'state provinces': stateProvincesStep } : {}),
      ...(zipCodesStep ? { 'zip codes': zipCodesStep } : {}),
      ...(roleTitlesStep ? { 'role titles': roleTitlesStep } : {}),
      ...(publicationListsStep ? { 'publication lists': publicationListsStep } : {}),
      ...(visitorsSegmentsStep ? { 'visitors retargeting segments': visitorsSegmentsStep } : {}),
      ...(crmSegmentsStep ? { 'CRM retargeting segments': crmSegmentsStep } : {}),
      'summary page': SummaryStep,
    }),
    [
      adGroupStep,
      targetCompaniesStep,
      stateProvincesStep,
      zipCodesStep,
      roleTitlesStep,
      publicationListsStep,
      visitorsSegmentsStep,
      crmSegmentsStep,
    ],
  );
}

/** Whether a step runs in this build: fixed steps always, optional layers when their screen exists. */
export function useStepAvailability(): (name: TStepName) => boolean {
  const screens = useStepScreens();
  return useCallback(
    (name: TStepName) =>
      FIXED_CAMPAIGN_STEPS.includes(name) || name === 'campaign template details' || screens[name] !== undefined,
    [screens],
  );
}

/**
 * Says when the step inside it has mounted: its effects (where a step registers its Next handler) run
 * before this one's. A lazy step (another feature's chunk) mounts only once loaded.
 */
function StepMounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(() => {
    onMounted();
  }, [onMounted]);
  return children;
}

export interface CampaignWizardProps {
  readonly flow: TWizardFlow;
  readonly title: string;
  readonly store: TDraftStore;
  /** The step list the flow started with (a card's, the ABM list, the Custom page's choice). */
  readonly steps: readonly TCampaignStep[];
  /** Only the ABM flow is non-linear (001 §2). */
  readonly nonLinear: boolean;
  /** Back on the first step: where the flow began (dashboard, the Custom page's options...). */
  readonly onBack: () => void;
}

/**
 * The campaign wizard (001 §2, §4): steps sorted by order, Back on the first step and Previous/Next
 * afterwards, the last step's label per flow. Next runs the step's handler (its gate and its work) and
 * advances or stays with the gate's 5 s message. The draft and the position live in session storage.
 * Reset clears the draft and keeps the step list (and the template an edit was opened from).
 */
export function CampaignWizard({ flow, title, store, steps: startSteps, nonLinear, onBack }: CampaignWizardProps) {
  const navigate = useNavigate();
  const screens = useStepScreens();
  const available = useStepAvailability();
  const steps = useMemo(() => flowSteps(flow, startSteps, available), [flow, startSteps, available]);
  const { draft, updateDraft, replaceDraft, progress, setProgress } = store;
  const done = doneSet(progress);
  const foundIndex = steps.findIndex((step) => step.name === progress.active);
  const index = foundIndex >= 0 ? foundIndex : 0;
  const current = steps[index];
  const isLast = index === steps.length - 1;

  const handler = useRef<TStepNextHandler | null>(null);
  const [busy, setBusy] = useState(false);
  // The step whose screen is mounted: Next waits for it, or a step still loading would be passed ungated.
  const [mountedStep, setMountedStep] = useState<TStepName | null>(null);
  const currentName = steps[index]?.name ?? null;
  const onStepMounted = useCallback(() => setMountedStep(currentName), [currentName]);
  const setNextHandler = useCallback((next: TStepNextHandler | null) => {
    handler.current = next;
  }, []);

  const readAdvertiserNow = useAdvertiserNow(draft, updateDraft, currentName);
  const advertiserChange = useAdvertiserChange(store);

  const goToStep = useCallback(
    (name: TStepName) => {
      // The new step registers its own handler when it mounts; the old one must not run for it.
      handler.current = null;
      setProgress((previous) => ({ ...previous, active: name }));
    },
    [setProgress],
  );

  const finish = useCallback(() => {
    clearWizardStorage();
    resetCampaignFlow();
    navigate(paths.login.getHref());
  }, [navigate]);

  const context = useMemo<TWizardContext>(
    () => ({ steps, goToStep, finish, readAdvertiserNow }),
    [steps, goToStep, finish, readAdvertiserNow],
  );

  if (!current) return null;

  const ready = mountedStep === current.name;
  const next = async (): Promise<void> => {
    if (busy || !ready) return;
    const run = handler.current;
    setBusy(true);
    try {
      const outcome = run ? await run() : ({ advance: true } as const);
      if (!outcome.advance) {
        if (outcome.message) showGateToast(outcome.message);
        return;
      }
      setProgress((previous) => ({
        active: previous.active,
        done: previous.done.includes(current.name) ? previous.done : [...previous.done, current.name],
      }));
      const following = steps[index + 1];
      if (following) goToStep(following.name);
    } catch (error) {
      // A step reports its own failures; this is a bug of the step, kept out of the user's way.
      console.error(`Next on "${current.name}" failed`, error);
    } finally {
      setBusy(false);
    }
  };

  const previous = (): void => {
    const before = steps[index - 1];
    if (before) goToStep(before.name);
  };

  const reset = (): void => {
    handler.current = null;
    // The template an edit was opened from stays: Reset empties the edit, it does not end it.
    replaceDraft({
      ...newCampaignDraft(),
      campaignSteps: draft.campaignSteps,
      campaignTemplate: draft.campaignTemplate,
    });
    setProgress(() => ({ active: steps[0]?.name ?? null, done: [] }));
  };

  const Screen = screens[current.name];
  return (
    <WizardContext.Provider value={context}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Box as="nav" aria-label="Campaign steps" overflowX="auto">
          <Flex as="ol" gap="2" listStyleType="none" m="0" p="0" wrap="wrap">
            {steps.map((step, position) => {
              const state = position === index ? 'current' : done.has(step.name) ? 'done' : 'todo';
              const label = `${position + 1}. ${step.label}`;
              const clickable = position !== index && !busy && canOpenStep(steps, position, done, nonLinear);
              return (
                <Box as="li" key={step.name}>
                  {clickable ? (
                    <Button size="sm" variant="outline" onClick={() => goToStep(step.name)}>
                      {label}
                    </Button>
                  ) : (
                    <Text
                      as="span"
                      display="inline-block"
                      px="3"
                      py="1"
                      borderRadius="md"
                      fontSize="sm"
                      fontWeight={state === 'current' ? 'bold' : 'normal'}
                      bg={state === 'current' ? 'blue.100' : undefined}
                      color={state === 'todo' ? 'fg.muted' : 'fg'}
                      aria-current={state === 'current' ? 'step' : undefined}
                    >
                      {label}
                      {state === 'done' ? (
                        <Text as="span" srOnly>
                          {' (done)'}
                        </Text>
                      ) : null}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Flex>
        </Box>

        <Box as="section" aria-labelledby="wizard-step-heading">
          <Heading as="h2" id="wizard-step-heading" size="lg" mb="4">
            {current.label}
          </Heading>
          {Screen ? (
            // Other features' steps are lazy chunks (feature slots).
            <Suspense key={current.name} fallback={<PageLoader label="Loading the step…" />}>
              <StepMounted onMounted={onStepMounted}>
                <Screen
                  draft={draft}
                  updateDraft={updateDraft}
                  changeAdvertiser={advertiserChange.change}
                  flow={flow}
                  setNextHandler={setNextHandler}
                  busy={busy}
                />
              </StepMounted>
            </Suspense>
          ) : (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>This step could not be loaded. Please, reload the page.</Alert.Title>
            </Alert.Root>
          )}
        </Box>

        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3">
            {index === 0 ? (
              <Button variant="outline" onClick={onBack} disabled={busy}>
                Back
              </Button>
            ) : (
              <Button variant="outline" onClick={previous} disabled={busy}>
                Previous
              </Button>
            )}
            <Button variant="ghost" onClick={reset} disabled={busy}>
              Reset
            </Button>
          </HStack>
          <Button colorPalette="blue" onClick={() => void next()} disabled={busy || !ready} aria-busy={busy}>
            {isLast ? LAST_STEP_LABEL[flow] : 'Next'}
          </Button>
        </HStack>
      </Stack>
      {advertiserChange.dialog}
    </WizardContext.Provider>
  );
}

/** A change of advertiser waiting for the user's answer. */
interface TPendingChange {
  readonly from: string | null;
  readonly to: string;
  readonly cleared: readonly TSwitchClear[];
  readonly answer: (confirmed: boolean) => void;
}

/**
 * Changing the draft's advertiser (issue 26 §2): what belonged to the previous one is cleared
 * (`switchAdvertiser`), after a dialog that names it; Cancel keeps the old advertiser. The ad group made
 * for the previous advertiser is removed at the server, and the steps whose choices went are no longer
 * done (the ABM flow could otherwise be clicked past them).
 */
function useAdvertiserChange(store: TDraftStore): {
  change: (advertiser: TAdvertiser) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { draft, updateDraft, setProgress } = store;
  const latest = useLatest(draft);
  const chosenLists = draft.selectedDomainListsIds.length > 0 || draft.selectedDomainLists.length > 0;
  const publicLists = usePublicListsKnown(chosenLists).data;
  const known = useLatest<readonly TPublicList[]>([...draft.publicDomainLists, ...(publicLists ?? [])]);
  const removal = useAdGroupRemovalCalls();
  const [pending, setPending] = useState<TPendingChange | null>(null);

  // An answer still awaited when the wizard goes away counts as Cancel.
  const waiting = useRef<TPendingChange | null>(null);
  useEffect(() => () => waiting.current?.answer(false), []);

  const change = useCallback(
    async (advertiser: TAdvertiser): Promise<boolean> => {
      const planned = switchAdvertiser(latest.current, advertiser, known.current);
      if (planned.cleared.length > 0) {
        const confirmed = await new Promise<boolean>((resolve) => {
          const asked: TPendingChange = {
            from: latest.current.selectedAdvertiser?.name ?? null,
            to: advertiser.name,
            cleared: planned.cleared,
            answer: resolve,
          };
          waiting.current = asked;
          setPending(asked);
        });
        waiting.current = null;
        setPending(null);
        if (!confirmed) return false;
      }
      updateDraft((current) => switchAdvertiser(current, advertiser, known.current).draft);
      if (planned.undone.length > 0) {
        setProgress((progress) => ({
          ...progress,
          done: progress.done.filter((name) => !planned.undone.includes(name)),
        }));
      }
      void discardAdGroup(planned.discard, removal);
      return true;
    },
    [updateDraft, setProgress, removal, latest, known],
  );

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? switchAdvertiserTitle(pending.to) : ''}
      confirmLabel={W.switchConfirm}
      cancelLabel="Cancel"
      onConfirm={() => pending?.answer(true)}
      onCancel={() => pending?.answer(false)}
    >
      {pending ? (
        <Stack gap="2">
          <Text>{switchAdvertiserText(pending.from)}</Text>
          <List.Root ps="5" aria-label="What will be cleared">
            {pending.cleared.map((clear) => (
              <List.Item key={clear}>{SWITCH_CLEAR_LABELS[clear]}</List.Item>
            ))}
          </List.Root>
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
  return { change, dialog };
}
