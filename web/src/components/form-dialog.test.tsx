import { Button, ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '@/theme/system';
import { FormDialog } from './form-dialog';

function renderDialog(props: { busy?: boolean; failure?: string | null; submitDisabled?: boolean } = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <ChakraProvider value={system}>
      <FormDialog
        title="Create Thing"
        busy={props.busy ?? false}
        failure={props.failure}
        submitLabel="Create"
        busyLabel="Creating"
        submitDisabled={props.submitDisabled}
        onClose={onClose}
        onSubmit={onSubmit}
      >
        <label>
          Name
          <input name="name" />
        </label>
      </FormDialog>
    </ChakraProvider>,
  );
  return { onClose, onSubmit };
}

describe('FormDialog', () => {
  it('names the dialog and its form by the title, submits the form and closes on Cancel, the close button and Escape', async () => {
    // Prepare
    const user = userEvent.setup();
    const { onClose, onSubmit } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create Thing' });

    // Act
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');

    // Assess
    expect(within(dialog).getByRole('form', { name: 'Create Thing' })).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('cannot be dismissed while busy, and shows the failure of the last submit', async () => {
    // Prepare
    const user = userEvent.setup();
    const { onClose } = renderDialog({ busy: true, failure: 'There was an error: nope' });
    const dialog = await screen.findByRole('dialog', { name: 'Create Thing' });

    // Act
    await user.keyboard('{Escape}');

    // Assess
    expect(within(dialog).getByRole('alert')).toHaveTextContent('There was an error: nope');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Creating/ })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the submit button disabled when asked, apart from busy', async () => {
    // Prepare
    renderDialog({ submitDisabled: true });

    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Create Thing' });
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'Cancel',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    [
      'the close button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'a submit that closes it',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Create' })),
    ],
  ])('gives the focus back to the button that opened it after %s', async (_how, close) => {
    // Prepare
    function Opening() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Create New Thing</Button>
          <FormDialog
            open={open}
            title="Create Thing"
            busy={false}
            submitLabel="Create"
            busyLabel="Creating"
            onClose={() => setOpen(false)}
            onSubmit={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            <label>
              Name
              <input name="name" />
            </label>
          </FormDialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <ChakraProvider value={system}>
        <Opening />
      </ChakraProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Create New Thing' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Create Thing' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    // Act
    await close(user);

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
