import { Box, Button, chakra, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADD_COMPANY_OUTCOME_MESSAGES, type TAddCompanyOutcomeKind } from '@bidgrid/shared/crm/crm.schema';
import { EmptyState, ErrorState } from '@/components/data-states';
import { PlainSelect } from '@/components/plain-select';
import { messageOf } from '@/lib/error-message';
import { isPickerLinkRefused, useAddCompanyToCampaign, useCrmCardCampaigns } from '../api/crm-card-calls';
import {
  INACTIVE_CAMPAIGN_NOTE,
  INACTIVE_CAMPAIGN_QUESTION,
  NO_PICKER_CAMPAIGNS,
  PICKER_CAMPAIGNS_FAILED,
  PICKER_LINK_REFUSED,
  pickerLinkIncomplete,
} from '../picker-texts';

// The dialog (and its dialog machinery) loads only when an inactive campaign is chosen: the page is opened
// in the CRM's iframe and should stay light.
const loadConfirmDialog = () => import('@/components/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));

/** What the CRM card puts in the picker's link. */
interface PickerLink {
  readonly portalId: number;
  readonly domain: string;
  readonly companyName: string;
  readonly ticket: string;
}

type LinkReading =
  { readonly ok: true; readonly link: PickerLink } | { readonly ok: false; readonly missing: string[] };

/** Reads portalId, domain and companyName (001 §2) and our ticket from the query; names what is missing. */
function readLink(search: URLSearchParams): LinkReading {
  const text = (name: string): string => (search.get(name) ?? '').trim();
  const portalText = text('portalId');
  const portalId = /^[1-9]\d{0,15}$/.test(portalText) ? Number(portalText) : null;
  const link = { domain: text('domain'), companyName: text('companyName'), ticket: text('ticket') };
  const missing = [
    ...(portalId === null ? ['portalId'] : []),
    ...(['domain', 'companyName', 'ticket'] as const).filter((name) => link[name] === ''),
  ];
  if (portalId === null || missing.length > 0) return { ok: false, missing };
  return { ok: true, link: { portalId, ...link } };
}

/** What the last Submit gave: one of the server's outcomes, or a failure with its text. */
type SubmitResult =
  | { readonly kind: 'outcome'; readonly outcome: TAddCompanyOutcomeKind }
  | { readonly kind: 'failure'; readonly text: string };

const ADDED: ReadonlySet<TAddCompanyOutcomeKind> = new Set<TAddCompanyOutcomeKind>(['company-added', 'already-added']);

function ResultMessage({ result }: { result: SubmitResult }) {
  const good = result.kind === 'outcome' && ADDED.has(result.outcome);
  const text = result.kind === 'outcome' ? ADD_COMPANY_OUTCOME_MESSAGES[result.outcome] : result.text;
  return (
    <Box
      borderWidth="1px"
      rounded="l2"
      p="3"
      bg={good ? 'green.50' : 'red.50'}
      borderColor={good ? 'green.600' : 'red.600'}
      color={good ? 'green.800' : 'red.800'}
    >
      <Text fontWeight="medium">{text}</Text>
    </Box>
  );
}

/** The picker once the link is complete: loading -> selecting -> submitted with a result (001 §4). */
function CampaignPicker({ link }: { link: PickerLink }) {
  const campaigns = useCrmCardCampaigns(link.portalId, link.ticket);
  const adding = useAddCompanyToCampaign(link.ticket);
  const [selectedId, setSelectedId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SubmitResult | null>(null);
  const selectId = useId();
  const noteId = useId();

  const list = campaigns.data?.campaigns;
  const selected = list?.find((campaign) => campaign.bgCampaignId === selectedId);

  const submit = async (): Promise<void> => {
    if (!selected) return;
    setConfirming(false);
    setResult(null);
    try {
      const reply = await adding.add({
        query: {
          portalId: link.portalId,
          campaignId: selected.bgCampaignId,
          domain: link.domain,
          companyName: link.companyName,
        },
      });
      setResult({ kind: 'outcome', outcome: reply.message });
    } catch (error) {
      const text = isPickerLinkRefused(error) ? PICKER_LINK_REFUSED : messageOf(error);
      setResult({ kind: 'failure', text });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!selected || adding.loading) return;
    if (selected.active) void submit();
    else setConfirming(true);
  };

  if (campaigns.error) {
    return isPickerLinkRefused(campaigns.error) ? (
      <ErrorState title={PICKER_LINK_REFUSED} />
    ) : (
      <ErrorState
        title={PICKER_CAMPAIGNS_FAILED}
        message={campaigns.error.message}
        onRetry={() => void campaigns.refetch().catch(() => undefined)}
      />
    );
  }
  if (!list) {
    return (
      <Stack direction="row" align="center" gap="3" py="6" role="status" aria-live="polite">
        <Spinner size="md" color="blue.700" borderWidth="3px" />
        <Text color="fg.muted">Loading campaigns…</Text>
      </Stack>
    );
  }
  if (list.length === 0) return <EmptyState>{NO_PICKER_CAMPAIGNS}</EmptyState>;

  const inactive = selected !== undefined && !selected.active;
  return (
    <Stack gap="4">
      <chakra.form onSubmit={onSubmit} display="flex" flexDirection="column" gap="3">
        <chakra.label htmlFor={selectId} fontWeight="medium">
          Select Campaign
        </chakra.label>
        <PlainSelect
          id={selectId}
          value={selectedId}
          // The result shown must be the chosen campaign's: no other choice while one is being added.
          disabled={adding.loading}
          aria-describedby={inactive ? noteId : undefined}
          onChange={(event) => {
            setSelectedId(event.target.value);
            setResult(null);
            const next = list.find((campaign) => campaign.bgCampaignId === event.target.value);
            if (next && !next.active) void loadConfirmDialog();
          }}
        >
          <option value="" disabled>
            Choose a campaign
          </option>
          {list.map((campaign) => (
            <option key={campaign.bgCampaignId} value={campaign.bgCampaignId}>
              {campaign.active ? campaign.name : `${campaign.name} (inactive)`}
            </option>
          ))}
        </PlainSelect>
        {inactive ? (
          <Text id={noteId} color="red.700">
            {INACTIVE_CAMPAIGN_NOTE}
          </Text>
        ) : null}
        <Box>
          <Button
            type="submit"
            colorPalette="blue"
            disabled={!selected}
            loading={adding.loading}
            loadingText="Submitting"
          >
            Submit
          </Button>
        </Box>
      </chakra.form>
      {/* Always in the page, so a screen reader announces the result when it arrives. */}
      <Box role="status" aria-live="polite" aria-atomic="true">
        {result ? <ResultMessage result={result} /> : null}
      </Box>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Inactive campaign"
            confirmLabel="Confirm"
            cancelLabel="Cancel"
            onConfirm={() => void submit()}
            onCancel={() => setConfirming(false)}
          >
            {INACTIVE_CAMPAIGN_QUESTION}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </Stack>
  );
}

/**
 * Public CRM card picker (001 §2 /public-campaigns-picker): opened from the CRM card on a company record
 * (no login), it adds that company to one of the portal's campaigns. A link without its parameters makes
 * no call.
 */
export function Component() {
  const [search] = useSearchParams();
  const reading = useMemo(() => readLink(search), [search]);
  return (
    <Stack gap="4" maxW="xl" mx="auto" py="4">
      <Heading as="h1" size="lg">
        Add company to a campaign
      </Heading>
      {reading.ok ? (
        <>
          <Text>
            Company: <chakra.span fontWeight="semibold">{reading.link.companyName}</chakra.span> ({reading.link.domain})
          </Text>
          <CampaignPicker link={reading.link} />
        </>
      ) : (
        <ErrorState title={pickerLinkIncomplete(reading.missing)} />
      )}
    </Stack>
  );
}
