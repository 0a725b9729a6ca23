import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { scrollRegionLabel, TableScroll } from '@/components/table-scroll';
import { copyWithToast } from '@/lib/clipboard';
import { saveFile } from '@/lib/download-file';
import { useRoleTitles } from '../api/role-titles-queries';
import { RoleTitlePicker } from '../components/role-title-picker';
import { RoleCatalogStatus } from '../components/role-titles-step';
import { chosenRoles, rolesCsv, type TRoleSelections } from '../role-selection';

/** Ours: the export's file name and the copy outcomes. */
export const ROLES_FILE = 'roles-and-titles.csv';
export const ROLES_COPIED = 'Roles and segment keys copied to the clipboard.';
export const ROLES_COPY_FAILED = 'The roles could not be copied. Please allow clipboard access.';
export const NO_ROLES_CHOSEN = 'No roles chosen yet.';

/**
 * Roles and Titles (001 §2 route /roles-titles): the Role/Title catalogue outside a campaign. Browse
 * and search it, pick roles (a 'Select all' per type as in the wizard), see the chosen roles with
 * their bidder segment keys, and take them away: 'Download CSV' saves one line per segment key
 * (role type, its id, role, its id, segment key; a header row), 'Copy List' puts the same text on the
 * clipboard (it pastes into a spreadsheet or a bidder's audience field). The catalogue is BidGrid's,
 * so nothing is stored: leaving the page drops the choice.
 */
export function Component() {
  const query = useRoleTitles();
  const [selected, setSelected] = useState<TRoleSelections>({});
  const catalog = query.data;
  const chosen = catalog ? chosenRoles(catalog, selected) : [];

  const copy = (): Promise<void> =>
    copyWithToast(rolesCsv(chosen), { copied: ROLES_COPIED, failed: ROLES_COPY_FAILED }, TOAST_MS.gate);

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Roles and Titles
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Browse the roles and titles campaigns can target, grouped by role type. Pick roles to see their audience segment
        keys, then copy them or download them as a .csv file.
      </Text>
      {query.loading || query.error || !catalog ? (
        <RoleCatalogStatus loading={query.loading} />
      ) : (
        <>
          <Stack as="section" aria-labelledby="chosen-roles" gap="3">
            <Heading as="h2" size="lg" id="chosen-roles">
              {chosen.length === 1 ? 'Chosen roles (1)' : `Chosen roles (${chosen.length})`}
            </Heading>
            {chosen.length === 0 ? (
              <Text color="fg.muted">{NO_ROLES_CHOSEN}</Text>
            ) : (
              <TableScroll maxH="sm" regionLabel={scrollRegionLabel('Chosen roles')}>
                <Table.Root size="sm" stickyHeader aria-labelledby="chosen-roles">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Role Type</Table.ColumnHeader>
                      <Table.ColumnHeader>Role / Title</Table.ColumnHeader>
                      <Table.ColumnHeader>Segment Keys</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {chosen.map((role) => (
                      <Table.Row key={`${role.roleTypeId}:${role.roleId}`}>
                        <Table.Cell>{role.roleType}</Table.Cell>
                        <Table.Cell>{role.role}</Table.Cell>
                        <Table.Cell fontFamily="mono">{role.segmentKeys.join(', ')}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </TableScroll>
            )}
            <HStack gap="3">
              <Button variant="outline" disabled={chosen.length === 0} onClick={() => void copy()}>
                Copy List
              </Button>
              <Button
                variant="outline"
                disabled={chosen.length === 0}
                onClick={() => saveFile(new Blob([rolesCsv(chosen)], { type: 'text/csv' }), ROLES_FILE)}
              >
                Download CSV
              </Button>
              <Button variant="ghost" disabled={chosen.length === 0} onClick={() => setSelected({})}>
                Clear
              </Button>
            </HStack>
          </Stack>
          <RoleTitlePicker catalog={catalog} selected={selected} onChange={(change) => setSelected(change)} />
        </>
      )}
    </Stack>
  );
}
