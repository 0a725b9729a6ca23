import { Alert, Badge, Box, Button, Field, HStack, Input, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { THubspotPage } from '@bidgrid/shared/crm/crm.schema';
import { ZLandingPageUrl } from '@bidgrid/shared/ad-groups/landing-page.schema';
import { destinationPageGate } from '@bidgrid/shared/campaigns/step-gates';
import { buildUtmUrl, ZUtmForm, type TUtmForm, type TUtmFormInput } from '@bidgrid/shared/ad-groups/utm.schema';
import { ErrorState } from '@/components/data-states';
import { FormDialog } from '@/components/form-dialog';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useHubspotPages } from '../api/wizard-calls';
import { pageForUrl } from '../landing-pages';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

const CUSTOM = 'custom';
const PAGE_TYPE_LABEL: Record<THubspotPage['pageType'], string> = {
  LANDING: 'Landing page',
  WEB: 'Site page',
  BLOG: 'Blog post',
};

/**
 * Landing Page (001 §2, §5): a connected advertiser chooses one of its HubSpot landing pages, site
 * pages or blog posts, or a custom URL; without a connection the user is asked to use a custom URL.
 * The URL rule and its messages are the shared schema's. 'Add UTM Parameters' (disabled until a page
 * is chosen) replaces the page's query string with the UTM parameters. Next needs a destination.
 */
export function LandingPageStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const advertiser = draft.selectedAdvertiser;
  const connected = advertiser?.hubspot_authed === true;
  const pages = useHubspotPages(connected && advertiser ? advertiser.bgAdvertiserId : null);
  const list = pages.data ?? [];
  const chosenPage = pageForUrl(list.length > 0 ? list : draft.foundHubspotPages, draft.landingPage);
  const [mode, setMode] = useState<string>(() =>
    connected && (draft.landingPage === '' || chosenPage) ? (chosenPage?.id ?? '') : CUSTOM,
  );
  // Connected to HubSpot since the step opened (the advertiser as it is now arrived): offer its pages.
  const [modeFor, setModeFor] = useState(connected);
  if (modeFor !== connected) {
    setModeFor(connected);
    if (connected && draft.landingPage === '') setMode('');
    if (!connected) setMode(CUSTOM);
  }
  const [urlError, setUrlError] = useState<string | null>(null);
  const [utmOpen, setUtmOpen] = useState(false);
  const landingPage = draft.landingPage;

  // The pages found are part of the draft (001 §3 `foundHubspotPages`); the same pages leave it as it is.
  const found = pages.data;
  useEffect(() => {
    if (found === undefined) return;
    const ids = found.map((page) => page.id).join(',');
    updateDraft((current) =>
      current.foundHubspotPages.map((page) => page.id).join(',') === ids
        ? current
        : { ...current, foundHubspotPages: found },
    );
  }, [found, updateDraft]);

  useEffect(() => {
    setNextHandler(async () => {
      const gate = destinationPageGate(landingPage);
      if (mode === CUSTOM) {
        const parsed = ZLandingPageUrl.safeParse(landingPage);
        if (!parsed.success) {
          setUrlError(parsed.error.issues[0]?.message ?? null);
          return stay(gate ?? undefined);
        }
        if (parsed.data !== landingPage) updateDraft((current) => ({ ...current, landingPage: parsed.data }));
        return advance;
      }
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [landingPage, mode, setNextHandler, updateDraft]);

  const setLandingPage = (url: string): void => updateDraft((current) => ({ ...current, landingPage: url }));

  const choose = (value: string): void => {
    setMode(value);
    setUrlError(null);
    if (value === CUSTOM) {
      if (chosenPage) setLandingPage('');
      return;
    }
    const page = list.find((candidate) => candidate.id === value);
    if (page) setLandingPage(page.url);
  };

  const customValid = mode === CUSTOM && ZLandingPageUrl.safeParse(landingPage).success;
  const pageChosen = mode !== CUSTOM ? Boolean(chosenPage) : customValid;
  const baseUrl = mode !== CUSTOM && chosenPage ? chosenPage.url : landingPage;

  return (
    <Stack gap="5">
      {!connected ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{W.useCustomUrl}</Alert.Title>
        </Alert.Root>
      ) : pages.loading && !pages.data ? (
        <Stack gap="2" aria-busy="true" role="status" aria-label="Loading HubSpot pages">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="8" />
          ))}
        </Stack>
      ) : pages.error && !pages.data ? (
        <ErrorState
          title="The HubSpot pages could not be loaded. You can use a custom URL."
          message={pages.error.message}
          onRetry={() => void pages.refetch()}
        />
      ) : null}

      {connected ? (
        <RadioGroup.Root
          value={mode}
          onValueChange={(details) => choose(details.value ?? '')}
          colorPalette="blue"
          disabled={busy}
          aria-label="Destination page"
        >
          <Stack gap="3">
            {list.map((page) => (
              <RadioGroup.Item key={page.id} value={page.id} alignItems="flex-start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <HStack gap="2">
                    <Text fontWeight="semibold">{page.name || page.url}</Text>
                    <Badge>{PAGE_TYPE_LABEL[page.pageType]}</Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {page.url}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
            <RadioGroup.Item value={CUSTOM}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>Custom URL</RadioGroup.ItemText>
            </RadioGroup.Item>
          </Stack>
        </RadioGroup.Root>
      ) : null}

      {mode === CUSTOM ? (
        <Field.Root invalid={urlError !== null} required disabled={busy}>
          <Field.Label>Custom URL</Field.Label>
          <Input
            value={landingPage}
            placeholder="https://www.example.com/page"
            onChange={(event) => {
              setUrlError(null);
              setLandingPage(event.currentTarget.value);
            }}
            onBlur={() => {
              const parsed = ZLandingPageUrl.safeParse(landingPage);
              setUrlError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
            }}
          />
          <Field.ErrorText>{urlError}</Field.ErrorText>
        </Field.Root>
      ) : null}

      <HStack gap="4" wrap="wrap">
        <Button variant="outline" onClick={() => setUtmOpen(true)} disabled={busy || !pageChosen}>
          {W.addUtm}
        </Button>
        {landingPage ? (
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Landing page
            </Text>
            <Text fontSize="sm" wordBreak="break-all" data-testid="landing-page-url">
              {landingPage}
            </Text>
          </Box>
        ) : null}
      </HStack>

      {utmOpen ? (
        <UtmDialog
          onClose={() => setUtmOpen(false)}
          onApply={(utm) => {
            setLandingPage(buildUtmUrl(baseUrl, utm));
            setUtmOpen(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

const UTM_FIELDS: ReadonlyArray<{ name: keyof TUtmFormInput; label: string; required: boolean }> = [
  { name: 'campaign', label: 'Campaign', required: true },
  { name: 'content', label: 'Content', required: true },
  { name: 'medium', label: 'Medium', required: true },
  { name: 'source', label: 'Source', required: false },
  { name: 'term', label: 'Term', required: false },
];

/** The UTM builder (001 §5): campaign, content and medium required; source and term optional. */
function UtmDialog({ onClose, onApply }: { onClose: () => void; onApply: (utm: TUtmForm) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TUtmFormInput, unknown, TUtmForm>({
    resolver: zodResolver(ZUtmForm),
    defaultValues: { campaign: '', content: '', medium: '', source: '', term: '' },
  });
  return (
    // Nothing to wait for: Apply only builds the URL, so the dialog is never busy.
    <FormDialog
      title={W.addUtm}
      busy={false}
      submitLabel="Apply"
      busyLabel="Apply"
      onClose={onClose}
      onSubmit={handleSubmit(onApply)}
    >
      <Stack gap="3">
        {UTM_FIELDS.map((field) => (
          <Field.Root key={field.name} invalid={Boolean(errors[field.name])} required={field.required}>
            <Field.Label>{field.label}</Field.Label>
            <Input {...register(field.name)} />
            <Field.ErrorText>{errors[field.name]?.message}</Field.ErrorText>
          </Field.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}
