import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { centerToaster, toaster } from '@/lib/toaster';
import { system } from '@/theme/system';
import { LazyToaster } from './lazy-toaster';

afterEach(() => {
  toaster.remove();
  centerToaster.remove();
});

describe('the toast regions', () => {
  it('mount on the first toast of either queue and show the bottom-centre upload notices too', async () => {
    // Prepare
    render(
      <ChakraProvider value={system}>
        <LazyToaster eager={false} />
      </ChakraProvider>,
    );

    // Act
    act(() => {
      centerToaster.create({ type: 'success', title: 'Successfully Loaded Files', duration: 10_000 });
    });

    // Assess
    const notice = await screen.findByText('Successfully Loaded Files');
    expect(notice.closest('[data-placement]')).toHaveAttribute('data-placement', 'bottom');
  });

  it("shows the app toasts at the top centre, away from the controls at the sides (the wizard's action bar, a dialog's buttons)", async () => {
    // Prepare
    render(
      <ChakraProvider value={system}>
        <LazyToaster eager={false} />
      </ChakraProvider>,
    );

    // Act
    act(() => {
      toaster.create({ type: 'error', title: 'Please, select advertiser.', duration: 5_000 });
    });

    // Assess
    const alert = await screen.findByText('Please, select advertiser.');
    expect(alert.closest('[data-placement]')).toHaveAttribute('data-placement', 'top');
  });
});
