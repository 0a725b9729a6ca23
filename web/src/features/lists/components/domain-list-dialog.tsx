import { Box, Checkbox, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TDomainList } from '@bidgrid/shared/lists/domain-list.schema';
import { toFieldErrors } from '@bidgrid/shared/common/field-errors';
import { bidderName } from '@bidgrid/shared/common/fields';
import { ZPublicationListCreateForm, ZPublicationListEditForm } from '@bidgrid/shared/lists/publication-list.schema';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/lib/toaster';
import { messageOf } from '@/lib/error-message';
import { useCreateDomainListCall, useRefreshDomainLists, useUpdateDomainListCall } from '../api/domain-list-calls';

/** Ours (001 §8: 'Success toasts for domain lists: wording not shown'). */
export const LIST_CREATED = (name: string) => `Domain list "${name}" created.`;
export const LIST_UPDATED = (name: string) => `Domain list "${name}" updated.`;

type TErrors = Record<string, string[]>;
const firstError = (errors: TErrors, field: string): string | undefined => errors[field]?.[0];

/** An existing domain as the edit form holds it. */
interface TEditedDomain {
  bgItemId: string;
  domain: string;
  active: boolean;
}

/**
 * Create or edit a custom domain list (001 §2, §5) in a dialog: the same rules as the server (the shared
 * form schemas): on create a name and domains (split on spaces, new lines and commas, each matching the
 * domain pattern, duplicates removed before sending); on edit the name, the existing domains (editable
 * in place, deactivated with their box; each valid and unique) and optional new domains. Sent over the
 * realtime channel (`createNewDomainList` / `updateDomainList`); only changed domains are sent on edit.
 */
export function DomainListDialog({
  advertiserId,
  list,
  onClose,
  onSaved,
}: {
  advertiserId: string;
  /** The list to edit; none to create one. */
  list?: TDomainList;
  onClose: () => void;
  /** Told with the saved list, once the lists are reloaded. */
  onSaved?: (list: TDomainList) => void;
}) {
  const creating = list === undefined;
  const [name, setName] = useState(list?.name ?? '');
  const [domainsText, setDomainsText] = useState('');
  const [existing, setExisting] = useState<TEditedDomain[]>(
    () => list?.domains.map(({ bgItemId, domain, active }) => ({ bgItemId, domain, active })) ?? [],
  );
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateDomainListCall();
  const update = useUpdateDomainListCall();
  const refresh = useRefreshDomainLists();
  const busy = create.pending || update.pending;

  const save = async (): Promise<TDomainList | null> => {
    if (creating) {
      const form = ZPublicationListCreateForm.safeParse({ name, domains: domainsText });
      if (!form.success) {
        setErrors(toFieldErrors(form.error.issues));
        return null;
      }
      return create.call({ bgAdvertiserId: advertiserId, listName: form.data.name, domains: form.data.domains });
    }
    const listName = bidderName().safeParse(name);
    const form = ZPublicationListEditForm.safeParse({
      domainListId: list.domainListId,
      newDomains: domainsText,
      existingDomains: existing,
    });
    if (!listName.success || !form.success) {
      setErrors({
        ...(listName.success ? {} : { name: listName.error.issues.map((issue) => issue.message) }),
        ...(form.success ? {} : toFieldErrors(form.error.issues)),
      });
      return null;
    }
    const before = new Map(list.domains.map((item) => [item.bgItemId, item]));
    const changed = existing.filter((item) => {
      const was = before.get(item.bgItemId);
      return was?.domain !== item.domain.trim() || was.active !== item.active;
    });
    return update.call({
      bgAdvertiserId: advertiserId,
      beeswaxListId: list.beeswaxListId,
      domainListId: list.domainListId,
      listName: listName.data,
      domainsToUpdate: changed.map((item) => ({ ...item, domain: item.domain.trim() })),
      domainsToAdd: form.data.newDomains,
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    void save()
      .then(async (saved) => {
        if (!saved) return;
        await refresh();
        onSaved?.(saved);
        onClose();
        // After the dialog closed: a toast opened under a modal dialog stays hidden from assistive tech.
        toaster.create({
          type: 'success',
          title: creating ? LIST_CREATED(saved.name) : LIST_UPDATED(saved.name),
          duration: TOAST_MS.default,
          closable: true,
        });
      })
      .catch((error: unknown) => setFailure(messageOf(error)));
  };

  const existingError = firstError(errors, 'existingDomains');
  const domainsError = firstError(errors, creating ? 'domains' : 'newDomains');

  return (
    <FormDialog
      title={creating ? 'Create Domain List' : 'Edit Domain List'}
      busy={busy}
      failure={failure}
      submitLabel={creating ? 'Create' : 'Save'}
      busyLabel="Saving"
      size="lg"
      scrollInside
      onClose={onClose}
      onSubmit={submit}
    >
      <Field.Root invalid={Boolean(firstError(errors, 'name'))} required>
        <Field.Label>List Name</Field.Label>
        <Input value={name} disabled={busy} onChange={(event) => setName(event.target.value)} />
        <Field.ErrorText>{firstError(errors, 'name')}</Field.ErrorText>
      </Field.Root>
      {creating ? null : (
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="medium" mb="2">
            Domains
          </Text>
          <Box maxH="xl" overflowY="auto">
            <Stack gap="2">
              {existing.map((item, index) => (
                <HStack key={item.bgItemId} gap="3">
                  <Checkbox.Root
                    colorPalette="blue"
                    checked={item.active}
                    disabled={busy}
                    onCheckedChange={(details) =>
                      setExisting((all) =>
                        all.map((one, at) => (at === index ? { ...one, active: details.checked === true } : one)),
                      )
                    }
                  >
                    <Checkbox.HiddenInput aria-label={`Active: ${item.domain}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                  <Input
                    size="sm"
                    aria-label={`Domain ${index + 1}`}
                    value={item.domain}
                    disabled={busy}
                    onChange={(event) =>
                      setExisting((all) =>
                        all.map((one, at) => (at === index ? { ...one, domain: event.target.value } : one)),
                      )
                    }
                  />
                </HStack>
              ))}
            </Stack>
          </Box>
          {existingError ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              {existingError}
            </Text>
          ) : null}
        </Stack>
      )}
      <Field.Root invalid={Boolean(domainsError)} required={creating}>
        <Field.Label>{creating ? 'Domains' : 'New Domains'}</Field.Label>
        <Textarea
          rows={6}
          value={domainsText}
          disabled={busy}
          placeholder="One domain a line, or separated by spaces or commas: example.com"
          onChange={(event) => setDomainsText(event.target.value)}
        />
        <Field.ErrorText>{domainsError}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
