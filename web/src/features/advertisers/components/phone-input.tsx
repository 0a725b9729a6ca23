import { Flex, Input } from '@chakra-ui/react';
import { useId, useState, type FocusEventHandler } from 'react';
import { PlainSelect } from '@/components/plain-select';
import { composePhone, DEFAULT_COUNTRY, nationalPart, PHONE_COUNTRIES } from '../phone-countries';

/**
 * Phone number input of the Create Advertiser dialog (000 §5: "phone input defaults to US"): a country
 * code picker (US first and preselected) beside the number. The form value is `+{dial} {number}`, or the
 * number as typed when it starts with its own '+'. The number input takes the field's label (it sits
 * inside the form's `Field.Root`); the picker has its own.
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
}) {
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY.code);
  // Its own id: inside the form's Field the picker would otherwise take the field's id and its label.
  const pickerId = useId();
  const country = PHONE_COUNTRIES.find((candidate) => candidate.code === countryCode) ?? DEFAULT_COUNTRY;
  // What was typed, kept apart from the value: '+1 512' typed beside US composes to the same value as
  // '512', and the input must go on showing the '+1'. A value the form set itself (a reset) wins.
  const [typed, setTyped] = useState(() => nationalPart(value, country));
  const national = composePhone(country, typed) === value ? typed : nationalPart(value, country);

  return (
    // Drawn as one control: the picker's right corners and the number's left corners are square.
    <Flex width="full">
      <PlainSelect
        width="36"
        roundedEnd="0"
        id={pickerId}
        aria-label="Phone country code"
        value={country.code}
        onChange={(event) => {
          const next = PHONE_COUNTRIES.find((candidate) => candidate.code === event.currentTarget.value);
          if (!next) return;
          setCountryCode(next.code);
          setTyped(national);
          onChange(composePhone(next, national));
        }}
      >
        {PHONE_COUNTRIES.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.code} +${option.dial}`}
          </option>
        ))}
      </PlainSelect>
      <Input
        type="tel"
        autoComplete="tel-national"
        name={name}
        value={national}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          onChange(composePhone(country, event.currentTarget.value));
        }}
        onBlur={onBlur}
        roundedStart="0"
        marginStart="-1px"
      />
    </Flex>
  );
}
