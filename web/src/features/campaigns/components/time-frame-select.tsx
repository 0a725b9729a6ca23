import { chakra, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { todayIso } from '@bidgrid/shared/common/iso-date';
import { isTimeFrame, TIME_FRAME_OPTIONS, withCustomDate, type TFrameSelection } from '../time-frame';

/**
 * The time-frame selector (000 §2, §4): ALL_TIME, 7, 30 or 90 days, or CUSTOM_DATE with a day picker.
 * The day is applied only when it is a whole date that differs from the current one, so typing in the
 * date field or picking the same day again never refetches.
 */
export function TimeFrameSelect({
  value,
  onChange,
  disabled = false,
}: {
  value: TFrameSelection;
  onChange: (next: TFrameSelection) => void;
  disabled?: boolean;
}) {
  const selectId = useId();
  const dateId = useId();
  return (
    <HStack gap="3" align="flex-end" wrap="wrap">
      <Stack gap="1">
        <chakra.label htmlFor={selectId} fontSize="sm" fontWeight="medium">
          Time Frame
        </chakra.label>
        <NativeSelect.Root size="sm" width="40" disabled={disabled}>
          <NativeSelect.Field
            id={selectId}
            value={value.timeFrame}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isTimeFrame(next)) onChange({ ...value, timeFrame: next });
            }}
          >
            {TIME_FRAME_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {value.timeFrame === 'CUSTOM_DATE' ? (
        <Stack gap="1">
          <chakra.label htmlFor={dateId} fontSize="sm" fontWeight="medium">
            Custom date
          </chakra.label>
          <Input
            id={dateId}
            type="date"
            size="sm"
            width="44"
            max={todayIso()}
            disabled={disabled}
            // Uncontrolled while typing: the selection only changes once the input holds a whole new day.
            defaultValue={value.customDate}
            onChange={(event) => {
              const next = withCustomDate(value, event.currentTarget.value);
              if (next !== value) onChange(next);
            }}
          />
        </Stack>
      ) : null}
    </HStack>
  );
}
