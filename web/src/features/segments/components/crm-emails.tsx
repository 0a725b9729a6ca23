import { Box, Button, Field, HStack, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { MAX_CRM_EMAILS, type TFoundEmailsInfo } from '@bidgrid/shared/targeting/company.schema';
import { checkImportedEntries, groupEmailsByDomain, splitEmailList } from '@bidgrid/shared/lists/imported-list';
import { contactsListGate } from '@bidgrid/shared/campaigns/step-gates';
import { CsvFileButton, showCsvError } from '@/components/csv-file-button';
import { ErrorState } from '@/components/data-states';
import { showGateToast } from '@/lib/toaster';
import { useChanged } from '@/lib/use-changed';
import { useContactsFromList, useHubspotLists } from '../api/segment-calls';
import { emailCount } from '../segment-display';
import { NO_CONTACT_LISTS } from '../segment-messages';

/** Ours: an advertiser without a HubSpot connection can still upload e-mails. */
export const NO_CRM_TEXT = 'This advertiser has no HubSpot connection: upload the e-mail addresses in a .csv file.';
/** Ours: a list or file without a single valid address. */
export const NO_EMAILS_TEXT = 'No valid e-mail addresses were found.';
/** Ours: more addresses than one segment is made from. */
export const tooManyEmailsText = (count: number): string =>
  `${count} e-mail addresses is more than one segment takes (${MAX_CRM_EMAILS}).`;

export interface CrmEmailsProps {
  readonly advertiser: TAdvertiser | null;
  /** The e-mails found so far (the draft's `foundEmailsInfo`). */
  readonly value: TFoundEmailsInfo | null;
  readonly onChange: (info: TFoundEmailsInfo) => void;
  readonly disabled?: boolean;
}

/**
 * Where CRM re-targeting e-mails come from (001 §2): a contact list of the advertiser's HubSpot portal
 * ('Get Emails' reads its contacts; without a list, 'Select a List to get Contacts.'; a portal without
 * contact lists says 'No HubSpot Lists found linked to this advertiser's HubSpot Account.'), or a .csv of
 * addresses, which works for an advertiser without a CRM connection too. Addresses are checked by
 * pattern (the invalid ones listed for 10 s, the valid ones kept) and grouped by domain: a domain with
 * 20 or more addresses is a group of its own, the rest go to 'general'.
 */
export function CrmEmails({ advertiser, value, onChange, disabled = false }: CrmEmailsProps) {
  const lists = useHubspotLists();
  const contacts = useContactsFromList();
  const [listId, setListId] = useState('');
  const connected = advertiser?.hubspot_authed === true;
  const advertiserId = advertiser?.bgAdvertiserId ?? null;
  const loadLists = lists.call;

  // The chosen list was one of the previous advertiser's (or connection's) lists.
  const listsChanged = useChanged([connected, advertiserId]);
  if (listsChanged) setListId('');
  useEffect(() => {
    if (!connected || !advertiserId) return;
    loadLists({ bgAdvertiserId: advertiserId as `bgAdvertiser-${string}`, listType: 'contacts' }).catch(() => {
      // The hook holds the error; the error state below shows it.
    });
  }, [connected, advertiserId, loadLists]);

  const take = (entries: readonly string[], fromFile: boolean): void => {
    const checked = checkImportedEntries(entries, 'emails');
    if (checked.message) showCsvError(checked.message);
    const groups = groupEmailsByDomain(checked.valid);
    const count = emailCount(groups);
    if (count === 0) return checked.message ? undefined : showCsvError(NO_EMAILS_TEXT);
    if (count > MAX_CRM_EMAILS) return showCsvError(tooManyEmailsText(count));
    onChange({ emailsToHash: groups, fromFile });
  };

  const getEmails = async (): Promise<void> => {
    const gate = contactsListGate(listId);
    if (gate || !advertiserId) return showGateToast(gate ?? '');
    try {
      const emails = await contacts.call({
        bgAdvertiserId: advertiserId as `bgAdvertiser-${string}`,
        hubspotListId: listId,
      });
      take(splitEmailList(emails), false);
    } catch {
      // The hook holds the error; the error state below shows it.
    }
  };

  const groups = value?.emailsToHash ?? [];
  const total = emailCount(groups);
  const noLists = connected && !lists.pending && !lists.error && lists.data?.length === 0;
  return (
    <Stack gap="5">
      {noLists ? (
        <Text>{NO_CONTACT_LISTS}</Text>
      ) : connected ? (
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Field.Root maxW="sm">
            <Field.Label>HubSpot Contact List</Field.Label>
            <NativeSelect.Root disabled={disabled || lists.pending}>
              <NativeSelect.Field value={listId} onChange={(event) => setListId(event.currentTarget.value)}>
                <option value="">{lists.pending ? 'Loading lists...' : 'Select a list'}</option>
                {(lists.data ?? []).map((list) => (
                  <option key={list.listId} value={list.listId}>
                    {list.size === undefined ? list.name : `${list.name} (${list.size})`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button colorPalette="blue" loading={contacts.pending} disabled={disabled} onClick={() => void getEmails()}>
            Get Emails
          </Button>
        </HStack>
      ) : advertiser ? (
        <Text color="fg.muted">{NO_CRM_TEXT}</Text>
      ) : null}
      {lists.error ? <ErrorState title="The HubSpot lists could not be loaded." message={lists.error.message} /> : null}
      {contacts.error ? (
        <ErrorState title="The contacts could not be loaded." message={contacts.error.message} />
      ) : null}
      <HStack gap="3" wrap="wrap">
        <CsvFileButton
          variant="outline"
          disabled={disabled || !advertiser}
          onLines={(lines) => take(splitEmailList(lines.join('\n')), true)}
        >
          Upload Emails CSV
        </CsvFileButton>
        <Text color="fg.muted" fontSize="sm">
          One .csv file, one e-mail address per line.
        </Text>
      </HStack>
      {contacts.pending ? (
        <HStack role="status">
          <Spinner size="sm" />
          <Text>Getting the list&apos;s contacts...</Text>
        </HStack>
      ) : null}
      {groups.length > 0 ? (
        <Box>
          <Text
            fontWeight="semibold"
            mb="2"
          >{`${total} e-mail ${total === 1 ? 'address' : 'addresses'} in ${groups.length} ${groups.length === 1 ? 'group' : 'groups'}`}</Text>
          <Table.Root size="sm" maxW="xl" aria-label="E-mail groups">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Group</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">E-mails</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {groups.map((group) => (
                <Table.Row key={group.domain}>
                  <Table.Cell>{group.domain}</Table.Cell>
                  <Table.Cell textAlign="end">{group.emails.length}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
