import { Box, Checkbox, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import {
  filterCatalog,
  roleKey,
  roleTypeAllKey,
  toggleRole,
  toggleRoleType,
  type TRoleSelections,
} from '../role-selection';

/** 001 §9: multi-select lists show at most 20 rows at once; a longer role type scrolls. */
export const MAX_VISIBLE_ROLE_ROWS = 20;
/** The height of one role row (Chakra spacing units, 4 px each). */
const ROW_HEIGHT = 8;

/** Ours: the search field's label and the text when nothing matches. */
export const ROLE_SEARCH_LABEL = 'Search roles and titles';
export const noRolesMatch = (query: string): string => `No roles or titles match "${query.trim()}".`;

export interface RoleTitlePickerProps {
  readonly catalog: readonly TRoleType[];
  readonly selected: TRoleSelections;
  /** Changes the selections; a function of the latest ones, so two quick clicks never lose one. */
  readonly onChange: (change: (selected: TRoleSelections) => TRoleSelections) => void;
  readonly disabled?: boolean;
}

/**
 * The role catalogue as checkboxes grouped by role type (001 §2), each type with its 'Select all',
 * and a search over types and titles. Used by the wizard's Role/Title step and the /roles-titles page.
 * A search narrows what is shown, never what is chosen: 'Select all' of a type chooses all its roles.
 */
export function RoleTitlePicker({ catalog, selected, onChange, disabled = false }: RoleTitlePickerProps) {
  const [query, setQuery] = useState('');
  const shown = filterCatalog(catalog, query);
  const full = new Map(catalog.map((type) => [type.roleTypeId, type]));

  return (
    <Stack gap="5">
      <Field.Root maxW="md">
        <Field.Label>{ROLE_SEARCH_LABEL}</Field.Label>
        <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </Field.Root>
      {shown.length === 0 ? <Text role="status">{noRolesMatch(query)}</Text> : null}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        {shown.map((type) => {
          const whole = full.get(type.roleTypeId) ?? type;
          const headingId = `role-type-${type.roleTypeId}`;
          const chosen = whole.roleSet.filter((role) => roleKey(whole, role) in selected).length;
          return (
            <Stack
              as="section"
              key={type.roleTypeId}
              aria-labelledby={headingId}
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              p="4"
            >
              <Heading as="h3" size="md" id={headingId}>
                {type.roleType}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {`${chosen} of ${whole.roleSet.length} selected`}
              </Text>
              <Checkbox.Root
                colorPalette="blue"
                checked={roleTypeAllKey(whole) in selected}
                disabled={disabled}
                onCheckedChange={(details) =>
                  onChange((current) => toggleRoleType(current, whole, details.checked === true))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {'Select all '}
                  {/* Every type has a 'Select all': the hidden type name tells them apart. */}
                  <Text as="span" srOnly>
                    {type.roleType}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
              <Box
                role="group"
                aria-label={`${type.roleType} roles`}
                maxH={`calc(var(--chakra-spacing-${ROW_HEIGHT}) * ${MAX_VISIBLE_ROLE_ROWS})`}
                overflowY="auto"
                ps="1"
              >
                {type.roleSet.map((role) => (
                  <Box key={role.roleId} h={ROW_HEIGHT} display="flex" alignItems="center">
                    <Checkbox.Root
                      colorPalette="blue"
                      checked={roleKey(whole, role) in selected}
                      disabled={disabled}
                      onCheckedChange={(details) =>
                        onChange((current) => toggleRole(current, whole, role, details.checked === true))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{role.role}</Checkbox.Label>
                    </Checkbox.Root>
                  </Box>
                ))}
              </Box>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
