import { RadioGroup, Stack } from '@chakra-ui/react';
import type { TCompanySource } from '@bidgrid/shared/campaigns/step-gates';

/** The source choices of 001 §2, in its order; the HubSpot ones only for a CRM-connected advertiser. */
const SOURCE_LABELS: Record<TCompanySource, string> = {
  hubspotLists: 'HubSpot Lists',
  hubspotTiers: 'HubSpot Tiers',
  csv: 'CSV',
};

const HUBSPOT_AND_CSV: TCompanySource[] = ['hubspotLists', 'hubspotTiers', 'csv'];

type TCompanySourceChoiceProps = {
  /** Whether a CRM-connected advertiser offers the HubSpot sources; without one CSV is the only source. */
  hubspotOffered: boolean;
  value: TCompanySource;
  onChange: (source: TCompanySource) => void;
  disabled?: boolean;
};

/**
 * The Target Companies source choice (001 §2): HubSpot Lists, HubSpot Tiers or CSV, shared by the
 * wizard step and the stand-alone page. Nothing is shown when CSV is the only source, as there is
 * nothing to choose.
 */
export function CompanySourceChoice({ hubspotOffered, value, onChange, disabled }: TCompanySourceChoiceProps) {
  if (!hubspotOffered) return null;
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(details) => onChange(details.value as TCompanySource)}
      colorPalette="blue"
      disabled={disabled}
      aria-label="Company source"
    >
      <Stack direction={{ base: 'column', sm: 'row' }} gap="6">
        {HUBSPOT_AND_CSV.map((choice) => (
          <RadioGroup.Item key={choice} value={choice}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{SOURCE_LABELS[choice]}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
