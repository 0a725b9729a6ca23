import { chakra } from '@chakra-ui/react';

/**
 * The asterisk after a required field's label. Screen readers skip it: the inputs carry `required`.
 * A plain mark rather than Chakra's Field.RequiredIndicator keeps that part (and its weight) out of
 * the form chunk the login page shares.
 */
export function RequiredMark() {
  return (
    <chakra.span color="fg.error" marginStart="1" aria-hidden="true">
      *
    </chakra.span>
  );
}
