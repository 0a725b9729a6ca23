import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Heading,
  Input,
  List,
  Portal,
  Progress,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import {
  MAX_COMPANIES_PER_CHANGE,
  type TCampaignTargetingChangeResult,
  type TCampaignTargetingEdit,
} from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { checkZipCodes, parseZipCodes } from '@bidgrid/shared/targeting/zip-codes';
import { FailureAlert } from '@/components/data-states';
import { CsvFileButton } from '@/components/csv-file-button';
import { toggleItem } from '@/lib/toggle-item';
import { messageOf } from '@/lib/error-message';
import { useCampaignTargetingEdit, useEditableRegions, useUpdateCampaignTargeting } from '../api/targeting-edit-calls';
import {
  changeOf,
  companiesShown,
  EDIT_TARGETING_TITLE,
  MAX_COMPANY_ROWS,
  parseDomains,
  REGION_GROUPS,
  resultText,
  selectedRegionKeys,
} from '../targeting-edit';

/** The editor's form, filled from what the server holds once it is read. */
function TargetingEditForm({
  edit,
  regions,
  onClose,
}: {
  edit: TCampaignTargetingEdit;
  regions: readonly TGeoOption[];
  onClose: () => void;
}) {
  const update = useUpdateCampaignTargeting();
  const [regionKeys, setRegionKeys] = useState<string[]>(() => selectedRegionKeys(edit.targeting, regions));
  const [zipText, setZipText] = useState(edit.targeting.geo_zip.join(', '));
  const [domainText, setDomainText] = useState('');
  const [removeIds, setRemoveIds] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [outcome, setOutcome] = useState<TCampaignTargetingChangeResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The ZIP layer's one rule (`ZZipCode`), checked here as the server checks it.
  const zips = checkZipCodes(parseZipCodes(zipText));
  // Said after a Save that it stopped, until the codes are edited.
  const [zipError, setZipError] = useState<string | null>(null);
  const domains = parseDomains(domainText);
  const tooMany = domains.length + removeIds.length > MAX_COMPANIES_PER_CHANGE;
  const shown = useMemo(() => companiesShown(edit.companies, filter), [edit.companies, filter]);
  const busy = update.pending;
  const disabled = edit.readOnly || busy || outcome !== null;

  const save = async (): Promise<void> => {
    setFailure(null);
    if (zips.message) {
      setZipError(zips.message);
      return;
    }
    try {
      const change = changeOf(edit, { regionKeys, regions, zips: zips.valid, domains, removeIds });
      setOutcome(await update.save(change));
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <>
      {/* Focusable: when everything inside is disabled (read-only), keyboard users must still scroll it (axe). */}
      <Dialog.Body tabIndex={0}>
        <Stack gap="5">
          {edit.readOnly ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>
                This campaign ended 175 or more days ago: its targeting can no longer be changed.
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <FailureAlert failure={failure} />
          {outcome ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Stack gap="1">
                <Alert.Title>{resultText(outcome)}</Alert.Title>
                {outcome.notAdded.length > 0 ? (
                  <List.Root ps="4" aria-label="Companies not added">
                    {outcome.notAdded.map((row) => (
                      <List.Item key={row.domain}>
                        {row.domain}: {row.reason}
                      </List.Item>
                    ))}
                  </List.Root>
                ) : null}
              </Stack>
            </Alert.Root>
          ) : null}
          {busy ? (
            <Stack gap="1" role="status" aria-live="polite">
              <Text>
                {update.progress
                  ? `Updating the bidder: ${update.progress.done} of ${update.progress.total} line items`
                  : 'Saving the targeting…'}
              </Text>
              <Progress.Root
                size="sm"
                value={update.progress ? (100 * update.progress.done) / Math.max(1, update.progress.total) : null}
                aria-label="Targeting change progress"
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          ) : null}

          {REGION_GROUPS.map((group) => {
            const options = regions.filter((region) => region.country_code_3 === group.code3);
            return (
              <Stack as="fieldset" key={group.code3} gap="2">
                <Heading as="legend" size="sm" mb="2">
                  {group.label}
                </Heading>
                <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="1">
                  {options.map((region) => (
                    <Checkbox.Root
                      key={region.key}
                      size="sm"
                      colorPalette="blue"
                      checked={regionKeys.includes(region.key)}
                      disabled={disabled}
                      onCheckedChange={(details) =>
                        setRegionKeys((keys) => toggleItem(keys, region.key, details.checked === true))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{region.region_name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
              </Stack>
            );
          })}

          <Field.Root disabled={disabled} invalid={zipError !== null}>
            <Field.Label>ZIP codes</Field.Label>
            <Textarea
              value={zipText}
              onChange={(event) => {
                setZipText(event.target.value);
                setZipError(null);
              }}
              rows={2}
            />
            {zipError ? (
              <Field.ErrorText>{zipError}</Field.ErrorText>
            ) : (
              <Field.HelperText>Comma-separated or one a line; blanks and repeats are dropped.</Field.HelperText>
            )}
          </Field.Root>

          {edit.hasCompanyLayer ? (
            <>
              <Field.Root disabled={disabled} invalid={tooMany}>
                <Field.Label>Add companies</Field.Label>
                <Textarea
                  value={domainText}
                  onChange={(event) => setDomainText(event.target.value)}
                  rows={3}
                  placeholder="acme.com"
                />
                <Field.HelperText>
                  Domains, one a line (or a .csv file); each is matched like the Target Companies step.
                </Field.HelperText>
                {tooMany ? (
                  <Field.ErrorText>
                    At most {MAX_COMPANIES_PER_CHANGE} companies can be added or removed in one change.
                  </Field.ErrorText>
                ) : null}
              </Field.Root>
              <Box>
                <CsvFileButton
                  variant="outline"
                  disabled={disabled}
                  onLines={(lines) =>
                    setDomainText((text) => [text.trim(), ...lines].filter((line) => line.trim() !== '').join('\n'))
                  }
                >
                  Add companies from CSV
                </CsvFileButton>
              </Box>
              <Stack as="fieldset" gap="2">
                <Heading as="legend" size="sm" mb="2">
                  Remove companies
                </Heading>
                <Input
                  aria-label="Find a company"
                  placeholder="Find a company"
                  value={filter}
                  disabled={disabled}
                  onChange={(event) => setFilter(event.target.value)}
                />
                {shown.rows.map((company) => (
                  <Checkbox.Root
                    key={company.beeswaxLineItemId}
                    size="sm"
                    colorPalette="red"
                    checked={removeIds.includes(company.beeswaxLineItemId)}
                    disabled={disabled}
                    onCheckedChange={(details) =>
                      setRemoveIds((ids) => toggleItem(ids, company.beeswaxLineItemId, details.checked === true))
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{`Remove ${company.name} (${company.domain})`}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
                {shown.more > 0 ? (
                  <Text color="fg.muted" fontSize="sm">
                    {`${shown.more} more: type to find them (at most ${MAX_COMPANY_ROWS} are shown).`}
                  </Text>
                ) : null}
              </Stack>
            </>
          ) : (
            <Text color="fg.muted">This campaign targets no companies, so companies can not be added to it.</Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {outcome ? 'Close' : 'Cancel'}
        </Button>
        {outcome ? null : (
          <Button
            colorPalette="blue"
            loading={busy}
            loadingText="Saving"
            disabled={edit.readOnly || tooMany}
            onClick={() => void save()}
          >
            Save targeting
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
}

/**
 * 'Edit Targeting' (ours, issue 12): a launched campaign's states and provinces, ZIP codes and companies
 * (add by domain or CSV, remove), saved over the realtime channel with progress; the server pushes the
 * change to every line item and records it in the activity log.
 */
export function TargetingEditDialog({ bgCampaignId, onClose }: { bgCampaignId: string; onClose: () => void }) {
  const edit = useCampaignTargetingEdit(bgCampaignId);
  const regions = useEditableRegions();
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={EDIT_TARGETING_TITLE}>
            <Dialog.Header>
              <Dialog.Title>{EDIT_TARGETING_TITLE}</Dialog.Title>
            </Dialog.Header>
            {edit.data && regions.data ? (
              <TargetingEditForm edit={edit.data} regions={regions.data} onClose={onClose} />
            ) : (
              <Dialog.Body>
                {edit.error || regions.error ? (
                  <Text role="alert" color="fg.error">
                    The targeting could not be loaded. Please, try again.
                  </Text>
                ) : (
                  <Stack direction="row" align="center" gap="3" role="status">
                    <Spinner size="sm" />
                    <Text>Loading the targeting…</Text>
                  </Stack>
                )}
              </Dialog.Body>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
