import { Button, ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '@/theme/system';
import { ConfirmDialog } from './confirm-dialog';

/** A button that asks the question, as the pages use the dialog. */
function Asking({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Archive Campaign</Button>
      <ConfirmDialog
        open={open}
        title="Archive the campaign?"
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

function renderAsking() {
  const onConfirm = vi.fn();
  render(
    <ChakraProvider value={system}>
      <Asking onConfirm={onConfirm} />
    </ChakraProvider>,
  );
  return { onConfirm, trigger: screen.getByRole('button', { name: 'Archive Campaign' }) };
}

describe('ConfirmDialog', () => {
  it.each([
    ['No', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'No' }))],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Yes', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Yes' }))],
  ])('gives the focus back to the button that asked after %s', async (answer, act) => {
    // Prepare
    const user = userEvent.setup();
    const { onConfirm, trigger } = renderAsking();
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive the campaign?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    // Act
    await act(user);

    // Assess
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(onConfirm).toHaveBeenCalledTimes(answer === 'Yes' ? 1 : 0);
  });

  it('cannot be dismissed while busy', async () => {
    // Prepare
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <ChakraProvider value={system}>
        <ConfirmDialog open busy title="Log out?" onCancel={onCancel} onConfirm={() => undefined} />
      </ChakraProvider>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });

    // Act
    await user.keyboard('{Escape}');

    // Assess
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeDisabled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
