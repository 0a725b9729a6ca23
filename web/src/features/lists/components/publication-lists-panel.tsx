import { Badge, Box, Button, Checkbox, Heading, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MULTI_SELECT_VISIBLE_ROWS } from '@bidgrid/shared/constants';
import type { TDomainList, TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import { LoadingMore } from '@/components/loading-more';
import { useAdvertiserDomainLists, usePublicDomainLists } from '../api/domain-list-calls';
import { isChosen, setSplitCpm, toggleList, type TListSelection } from '../list-selection';
import { DomainListDialog } from './domain-list-dialog';

/** 001 §2: the custom lists' empty text, word for word. */
export const NO_CUSTOM_LISTS = 'These are no custom domain lists yet!';
/** Ours: a CPM bid that is not a positive number. */
export const CPM_MUST_BE_POSITIVE = 'The CPM bid must be a positive number.';

/** A row is about 2.5rem: a list shows at most 20 rows at once (001 §9), then scrolls. */
const ROWS_HEIGHT = `${MULTI_SELECT_VISIBLE_ROWS * 2.5}rem`;

const activeCount = (list: TDomainList): number => list.domains.filter((item) => item.active).length;
const publicDomainCount = (list: TPublicList): number =>
  list.domainLists.reduce((sum, bidderList) => sum + bidderList.publicPublications.length, 0);

/** The per-domain CPM bids of a chosen SPLIT list (001 §2: default 25, editable per domain). */
function SplitBids({
  list,
  selection,
  onChange,
  onBidValidity,
  disabled,
}: {
  list: TPublicList;
  selection: TListSelection;
  onChange: (next: TListSelection) => void;
  onBidValidity: ((beeswaxListId: number, valid: boolean) => void) | undefined;
  disabled: boolean;
}) {
  const [typed, setTyped] = useState<Record<number, string>>({});
  return (
    <Table.Root size="sm" maxW="lg" ms="8">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Domain</Table.ColumnHeader>
          <Table.ColumnHeader>CPM Bid (USD)</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.domainLists.map((bidderList) => {
          const chosen = selection.selectedDomainLists.find((item) => item.beeswaxListId === bidderList.beeswaxListId);
          const value = typed[bidderList.beeswaxListId] ?? String(chosen?.cpmBid ?? '');
          const invalid = !(Number(value) > 0);
          return (
            <Table.Row key={bidderList.beeswaxListId}>
              <Table.Cell>{bidderList.name}</Table.Cell>
              <Table.Cell>
                <Input
                  size="sm"
                  type="number"
                  min={0}
                  step="0.01"
                  width="32"
                  aria-label={`CPM bid for ${bidderList.name}`}
                  aria-invalid={invalid}
                  value={value}
                  disabled={disabled}
                  onChange={(event) => {
                    const text = event.target.value;
                    setTyped((all) => ({ ...all, [bidderList.beeswaxListId]: text }));
                    // The draft keeps the last valid bid; the step holds Next while a box shows a bad one.
                    onBidValidity?.(bidderList.beeswaxListId, Number(text) > 0);
                    if (Number(text) > 0) onChange(setSplitCpm(selection, bidderList.beeswaxListId, Number(text)));
                  }}
                />
                {invalid ? (
                  <Text color="fg.error" fontSize="sm" role="alert">
                    {CPM_MUST_BE_POSITIVE}
                  </Text>
                ) : null}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * The public lists (SINGLE and SPLIT) and an advertiser's custom lists (001 §2), with 'Create New
 * List' and 'Edit' in dialogs. With `selection` the lists can be chosen (the wizard step): a SPLIT list
 * brings every one of its lists with a CPM bid per domain. Without it, the page browses them.
 */
export function PublicationListsPanel({
  advertiserId,
  selection,
  onSelectionChange,
  onBidValidity,
  disabled = false,
}: {
  advertiserId: string;
  selection?: TListSelection;
  onSelectionChange?: (next: TListSelection) => void;
  /** Told when a split domain's CPM box holds a valid bid or not. */
  onBidValidity?: (beeswaxListId: number, valid: boolean) => void;
  disabled?: boolean;
}) {
  const publicLists = usePublicDomainLists();
  const customLists = useAdvertiserDomainLists(advertiserId);
  const [dialog, setDialog] = useState<{ list?: TDomainList } | null>(null);
  const choosing = selection !== undefined && onSelectionChange !== undefined;

  const chooser = (list: TDomainList | TPublicList, label: string) =>
    choosing ? (
      <Checkbox.Root
        colorPalette="blue"
        checked={isChosen(selection, list)}
        disabled={disabled}
        onCheckedChange={(details) => {
          // Dropping a split list drops its boxes, bad bids with them.
          if (details.checked !== true && 'listType' in list) {
            for (const bidderList of list.domainLists) onBidValidity?.(bidderList.beeswaxListId, true);
          }
          onSelectionChange(toggleList(selection, list, details.checked === true));
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    ) : (
      <Text fontWeight="medium">{label}</Text>
    );

  return (
    <Stack gap="8">
      <Stack as="section" gap="3" aria-labelledby="public-lists">
        <Heading as="h3" size="md" id="public-lists">
          Public Lists
        </Heading>
        {publicLists.loading ? (
          <HStack role="status" gap="2">
            <Spinner size="sm" />
            <Text>Loading public lists…</Text>
          </HStack>
        ) : publicLists.error ? (
          <Text role="alert" color="fg.error">
            The public lists could not be loaded. Please, reload the page to try again.
          </Text>
        ) : (
          <Box as="ul" listStyleType="none" maxH={ROWS_HEIGHT} overflowY="auto">
            {(publicLists.data ?? []).map((list) => (
              <Box as="li" key={list.id} py="1">
                <HStack gap="3">
                  {chooser(list, list.name)}
                  <Badge colorPalette={list.listType === 'SPLIT' ? 'purple' : 'gray'}>{list.listType}</Badge>
                  <Text color="fg.muted" fontSize="sm">
                    {publicDomainCount(list)} domains
                  </Text>
                </HStack>
                {choosing && list.listType === 'SPLIT' && isChosen(selection, list) ? (
                  <SplitBids
                    list={list}
                    selection={selection}
                    onChange={onSelectionChange}
                    onBidValidity={onBidValidity}
                    disabled={disabled}
                  />
                ) : null}
                {!choosing ? (
                  <Text color="fg.muted" fontSize="sm" ms="1">
                    {list.domainLists.flatMap((l) => l.publicPublications.map((p) => p.domain)).join(', ')}
                  </Text>
                ) : null}
              </Box>
            ))}
          </Box>
        )}
      </Stack>

      <Stack as="section" gap="3" aria-labelledby="custom-lists">
        <HStack justify="space-between">
          <Heading as="h3" size="md" id="custom-lists">
            Custom Lists
          </Heading>
          <Button size="sm" colorPalette="blue" disabled={disabled} onClick={() => setDialog({})}>
            Create New List
          </Button>
        </HStack>
        {customLists.loading ? (
          <HStack role="status" gap="2">
            <Spinner size="sm" />
            <Text>Loading custom lists…</Text>
          </HStack>
        ) : customLists.error && !customLists.data ? (
          <Text role="alert" color="fg.error">
            The custom lists could not be loaded. Please, reload the page to try again.
          </Text>
        ) : (customLists.data ?? []).length === 0 ? (
          <Text>{NO_CUSTOM_LISTS}</Text>
        ) : (
          <Box as="ul" listStyleType="none" maxH={ROWS_HEIGHT} overflowY="auto">
            {(customLists.data ?? []).map((list) => (
              <Box as="li" key={list.domainListId} py="1">
                <HStack gap="3">
                  {chooser(list, list.name)}
                  <Text color="fg.muted" fontSize="sm">
                    {activeCount(list)} of {list.domains.length} domains active
                  </Text>
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={disabled}
                    aria-label={`Edit ${list.name}`}
                    onClick={() => setDialog({ list })}
                  >
                    Edit
                  </Button>
                </HStack>
              </Box>
            ))}
          </Box>
        )}
        <LoadingMore
          progress={customLists.progress}
          failed={Boolean(customLists.error && customLists.data)}
          onRetry={customLists.retry}
          what="lists"
        />
      </Stack>

      {dialog ? (
        <DomainListDialog
          advertiserId={advertiserId}
          {...(dialog.list ? { list: dialog.list } : {})}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            // A new list is what the person wants in the campaign: it is chosen at once. A chosen list
            // that was renamed is chosen again under its new name.
            if (choosing && (!dialog.list || isChosen(selection, saved))) {
              onSelectionChange(toggleList(selection, saved, true));
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
