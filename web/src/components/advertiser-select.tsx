import { chakra, Stack, type HTMLChakraProps } from '@chakra-ui/react';
import { useId } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { PlainSelect } from './plain-select';

export interface AdvertiserSelectProps {
  /** The advertisers offered, in the order shown. */
  readonly advertisers: readonly TAdvertiser[];
  /** The chosen advertiser's id, or null for the empty option. */
  readonly value: string | null;
  /** The choice made (null for the empty option); without it the select is fixed. */
  readonly onChange?: ((advertiser: TAdvertiser | null) => void) | undefined;
  /** The empty option's text; null offers no empty option. */
  readonly placeholder?: string | null;
  readonly disabled?: boolean;
  /** The select's width. */
  readonly width?: HTMLChakraProps<'div'>['width'];
}

/** The labelled 'Advertiser' select of the pages and steps that work on one advertiser's data. */
export function AdvertiserSelect({
  advertisers,
  value,
  onChange,
  placeholder = null,
  disabled = false,
  width,
}: AdvertiserSelectProps) {
  const id = useId();
  return (
    <Stack gap="1">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        Advertiser
      </chakra.label>
      <PlainSelect
        id={id}
        width={width}
        value={value ?? ''}
        disabled={disabled || !onChange}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange?.(advertisers.find((advertiser) => advertiser.bgAdvertiserId === chosen) ?? null);
        }}
      >
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {advertisers.map((advertiser) => (
          <option key={advertiser.bgAdvertiserId} value={advertiser.bgAdvertiserId}>
            {advertiser.name}
          </option>
        ))}
      </PlainSelect>
    </Stack>
  );
}
