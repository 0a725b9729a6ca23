import { Checkbox, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { regionsGate } from '@bidgrid/shared/campaigns/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useGeoOptions } from '../api/geo-options-queries';
import { REGION_COUNTRIES, regionsOf, selectAllKey, toggleCountry, toggleRegion } from '../region-selection';

/** True when both lists hold the same regions in the same order (so a refetch changes nothing). */
const sameKeys = (a: readonly TGeoOption[], b: readonly TGeoOption[]): boolean =>
  a.length === b.length && a.every((option, index) => option.key === b[index]?.key);

/**
 * The wizard's State/Province step (001 §2), filling the `stateProvincesStep` slot: the regions of
 * `GET /geo/options` grouped by country (USA, CAN), each with a 'Select all'. The chosen keys live in
 * the draft's `selectedGeoTargetOptions` (the "select all" keys too, so the boxes show again after a
 * reload; the payload drops them) and the loaded options in `geoTargetOptions`, from which the
 * payload derives the countries. Next needs at least one region.
 */
export function StateProvincesStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const query = useGeoOptions();
  const options = query.data;
  const selected = draft.selectedGeoTargetOptions;

  // The payload maps keys to regions through the draft's options, so they are kept as loaded.
  useEffect(() => {
    if (!options) return;
    updateDraft((current) =>
      sameKeys(current.geoTargetOptions, options) ? current : { ...current, geoTargetOptions: options },
    );
  }, [options, updateDraft]);

  useEffect(() => {
    setNextHandler(async () => {
      const gate = regionsGate(selected);
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [selected, setNextHandler]);

  const change = (next: (keys: readonly string[]) => string[]) =>
    updateDraft((current) => ({ ...current, selectedGeoTargetOptions: next(current.selectedGeoTargetOptions) }));

  if (query.loading) {
    return (
      <Stack direction="row" align="center" gap="3" role="status">
        <Spinner size="sm" />
        <Text>Loading regions…</Text>
      </Stack>
    );
  }
  if (query.error || !options) {
    return (
      <Text role="alert" color="fg.error">
        The regions could not be loaded. Please, reload the page to try again.
      </Text>
    );
  }

  return (
    <Stack gap="6">
      <Text color="fg.muted" maxW="3xl">
        Choose the states and provinces where the ads are shown.
      </Text>
      {REGION_COUNTRIES.map((country) => {
        const regions = regionsOf(options, country.code3);
        const headingId = `regions-${country.code3}`;
        return (
          <Stack as="section" key={country.code3} gap="3" aria-labelledby={headingId}>
            <Heading as="h3" size="md" id={headingId}>
              {country.label}
            </Heading>
            <Checkbox.Root
              colorPalette="blue"
              checked={selected.includes(selectAllKey(country.code3))}
              disabled={busy}
              onCheckedChange={(details) =>
                change((keys) => toggleCountry(keys, options, country.code3, details.checked === true))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {'Select all '}
                {/* Both countries have a 'Select all': the hidden country name tells them apart. */}
                <Text as="span" srOnly>
                  {country.label}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="2">
              {regions.map((region) => (
                <Checkbox.Root
                  key={region.key}
                  colorPalette="blue"
                  checked={selected.includes(region.key)}
                  disabled={busy}
                  onCheckedChange={(details) => change((keys) => toggleRegion(keys, region, details.checked === true))}
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
    </Stack>
  );
}
