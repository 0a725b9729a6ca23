import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const SelectField = chakra('select', {
  base: {
    appearance: 'none',
    width: 'full',
    minWidth: '0',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'l2',
    bg: 'bg',
    color: 'fg',
    ps: '3',
    pe: '8',
    cursor: 'pointer',
    outline: 'none',
    _focusVisible: { borderColor: 'blue.700', boxShadow: '0 0 0 1px var(--chakra-colors-blue-700)' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
  variants: {
    size: {
      sm: { height: '9', fontSize: 'sm' },
      md: { height: '10', fontSize: 'md' },
    },
  },
  defaultVariants: { size: 'md' },
});

/**
 * A native select with the look of the app's inputs. Unlike Chakra's NativeSelect it does not depend
 * on the Field machinery, so pages that only need a dropdown (table pagers, filters) do not drag form
 * code into their chunks, and the login route's shared chunks stay as they are.
 */
export function PlainSelect({
  children,
  size = 'md',
  width,
  ...props
}: Omit<HTMLChakraProps<'select'>, 'size' | 'width'> & {
  children: ReactNode;
  size?: 'sm' | 'md';
  width?: HTMLChakraProps<'div'>['width'];
}) {
  return (
    <chakra.div position="relative" width={width} flexShrink={0}>
      <SelectField size={size} {...props}>
        {children}
      </SelectField>
      <chakra.svg
        position="absolute"
        insetEnd="2.5"
        top="50%"
        transform="translateY(-50%)"
        pointerEvents="none"
        color="fg.muted"
        width="4"
        height="4"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </chakra.svg>
    </chakra.div>
  );
}
