import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { useStillOnPage } from './use-still-on-page';

/** A page that hands out the check of its render, as an effect of that render would hold it. */
function pageHandingOut(checks: Array<() => boolean>): ReactElement {
  function Page() {
    checks.push(useStillOnPage());
    return <p>Advertiser page</p>;
  }
  return <Page />;
}

describe('useStillOnPage', () => {
  it('is true on the page, false once the router has moved on even if the page has not re-rendered', async () => {
    // Prepare
    const checks: Array<() => boolean> = [];
    const { router } = renderRoutes(
      [
        { path: '/advertisers/:id', element: pageHandingOut(checks) },
        { path: '/invoices', element: <p>Invoices page</p> },
      ],
      { path: '/advertisers/acme' },
    );
    await screen.findByText('Advertiser page');
    const check = checks.at(-1) as () => boolean;
    expect(check()).toBe(true);

    // Act
    await act(() => router.navigate('/invoices?advertiser=acme'));

    // Assess: the check a late effect of the advertiser page would run.
    expect(router.state.location.pathname).toBe('/invoices');
    expect(check()).toBe(false);
  });

  it('is false while a navigation away is still loading its route', async () => {
    // Prepare
    const checks: Array<() => boolean> = [];
    let loadInvoices = (): void => undefined;
    const invoices = new Promise<{ Component: () => ReactElement }>(
      (resolve) => (loadInvoices = () => resolve({ Component: () => <p>Invoices page</p> })),
    );
    const { router } = renderRoutes(
      [
        { path: '/advertisers/:id', element: pageHandingOut(checks) },
        { path: '/invoices', lazy: () => invoices },
      ],
      { path: '/advertisers/acme' },
    );
    await screen.findByText('Advertiser page');
    const check = checks.at(-1) as () => boolean;

    // Act
    const navigation = router.navigate('/invoices');

    // Assess
    expect(router.state.navigation.state).toBe('loading');
    expect(check()).toBe(false);
    loadInvoices();
    await act(() => navigation);
    expect(await screen.findByText('Invoices page')).toBeInTheDocument();
  });
});
