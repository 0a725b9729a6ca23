import { Box, Table, type HTMLChakraProps, type SystemStyleObject } from '@chakra-ui/react';
import { forwardRef } from 'react';

/** The thickness of the drawn scrollbar. */
const SCROLLBAR_SIZE = '10px';

/**
 * How the box scrolls and sizes itself. `container-type: inline-size` makes the box take its width from
 * the page, never from the table: without it a flex or grid parent (a dialog body, a grid track sized
 * `auto`) grows to the table's width, and the table runs past the right edge of the screen instead of
 * scrolling. It also makes the box a query container, so an expanded row can be exactly as wide as the
 * box (`100cqi`).
 *
 * The scrollbar is styled so that it is always drawn: overlay scrollbars (macOS, phones) appear only
 * while scrolling, and a table cut at the edge then looks complete. Browsers without the WebKit
 * scrollbar pseudo-elements (Firefox) get the standard colours instead; Chromium ignores the
 * pseudo-elements once the standard properties are set, so those stay behind the `@supports`.
 */
const TABLE_SCROLL_CSS: SystemStyleObject = {
  containerType: 'inline-size',
  overflowX: 'auto',
  overflowY: 'auto',
  whiteSpace: 'nowrap',
  overscrollBehaviorX: 'contain',
  '&::-webkit-scrollbar': { width: SCROLLBAR_SIZE, height: SCROLLBAR_SIZE },
  '&::-webkit-scrollbar-track, &::-webkit-scrollbar-corner': { background: 'var(--chakra-colors-bg-muted)' },
  '&::-webkit-scrollbar-thumb': {
    background: 'var(--chakra-colors-gray-400)',
    borderRadius: 'full',
    border: '2px solid var(--chakra-colors-bg-muted)',
  },
  '&::-webkit-scrollbar-thumb:hover': { background: 'var(--chakra-colors-gray-500)' },
  '@supports not selector(::-webkit-scrollbar)': {
    scrollbarColor: 'var(--chakra-colors-gray-400) var(--chakra-colors-bg-muted)',
  },
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
};

export interface TableScrollProps extends HTMLChakraProps<'div'> {
  /**
   * Makes the box itself focusable under this name, for a table with nothing focusable inside: keyboard
   * users must be able to scroll it (axe: scrollable-region-focusable). Name it apart from the table and
   * from a section titled alike (axe: landmark-unique); `scrollRegionLabel` does that.
   */
  readonly regionLabel?: string;
}

/** The name of a table's focusable scroll region: distinct from the table's own name and from a section titled alike. */
export function scrollRegionLabel(label: string): string {
  return `${label} (scroll area)`;
}

/**
 * The box a table sits in: a table wider than the page scrolls sideways inside it, with its scrollbar
 * always drawn, and the page itself never scrolls sideways. Cells keep to one line (`white-space:
 * nowrap`), so text never runs into the next cell; a column that should wrap says so on its cells.
 */
export const TableScroll = forwardRef<HTMLDivElement, TableScrollProps>(function TableScroll(
  { regionLabel, css, children, ...rest },
  ref,
) {
  return (
    <Table.ScrollArea
      ref={ref}
      borderWidth="1px"
      rounded="l2"
      css={[TABLE_SCROLL_CSS, css]}
      {...(regionLabel ? { tabIndex: 0, role: 'region', 'aria-label': regionLabel } : {})}
      {...rest}
    >
      {children}
    </Table.ScrollArea>
  );
});

/**
 * Content spanning a whole row of a table in a `TableScroll` (an expanded row's details): it stays at the
 * left edge of the box, exactly as wide as the box, however far the table is scrolled; a table inside it
 * scrolls in its own box. Put it in a cell without padding that spans every column.
 */
export function RowSpanContent({ children, ...rest }: HTMLChakraProps<'div'>) {
  return (
    <Box position="sticky" insetInlineStart="0" width="100cqi" whiteSpace="normal" px="2" py="2" {...rest}>
      {children}
    </Box>
  );
}
