import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { zipCodesTooLongMessage } from '@bidgrid/shared/targeting/zip-codes';
import { toaster } from '@/lib/toaster';
import { stepHarness } from '@/test/step-harness';
import { system } from '@/theme/system';
import { NO_ZIP_CODES_TEXT } from './zip-code-entry';
import { ZipCodesStep } from './zip-codes-step';

const GATE = 'Please, enter the required zip codes.';

function renderStep(initial: TCampaignDraft = newCampaignDraft(), busy = false) {
  const { element, state, next } = stepHarness(ZipCodesStep, { draft: initial, busy });
  const view = render(<ChakraProvider value={system}>{element}</ChakraProvider>);
  return { ...view, state, next };
}

const keptCodes = () =>
  within(screen.getByRole('list', { name: 'Zip codes kept' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent?.replace('×', ''));

describe('wizard Zip Codes step', () => {
  it('gates Next until a code is kept, and keeps typed codes cleaned in the draft', async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, next } = renderStep();

    // Act / Assess: nothing entered.
    expect(await next()).toEqual({ advance: false, message: GATE });

    // Act: codes typed with commas, new lines, blanks and a duplicate.
    await user.type(screen.getByLabelText('Zip codes'), ' 62701, 78701{Enter}{Enter}62701 ,,94105');
    await user.click(screen.getByRole('button', { name: 'Add Codes' }));

    // Assess
    expect(state.draft.selectedZipCodes).toEqual(['62701', '78701', '94105']);
    expect(screen.getByText('3 zip codes')).toBeInTheDocument();
    expect(keptCodes()).toEqual(['62701', '78701', '94105']);
    expect(screen.getByLabelText('Zip codes')).toHaveValue('');
    expect(await next()).toEqual({ advance: true });

    // Act / Assess: removing every code closes the gate again.
    for (const code of ['62701', '78701', '94105']) {
      await user.click(screen.getByRole('button', { name: `Remove ${code}` }));
    }
    expect(state.draft.selectedZipCodes).toEqual([]);
    expect(screen.getByText('0 zip codes')).toBeInTheDocument();
    expect(await next()).toEqual({ advance: false, message: GATE });
  });

  it('adds the codes typed and not added yet when Next is pressed', async () => {
    // Prepare: one code kept, two more typed but Add Codes not pressed.
    const user = userEvent.setup();
    const { state, next } = renderStep({ ...newCampaignDraft(), selectedZipCodes: ['10001'] });
    await user.type(screen.getByLabelText('Zip codes'), '62701, 78701');

    // Act
    const outcome = await next();

    // Assess
    expect(outcome).toEqual({ advance: true });
    expect(state.draft.selectedZipCodes).toEqual(['10001', '62701', '78701']);
    expect(screen.getByLabelText('Zip codes')).toHaveValue('');
  });

  it('adds what fits on Next and stays saying why the rest cannot be added, left in the box', async () => {
    // Prepare: nothing kept yet; one code is longer than the targeting takes.
    const user = userEvent.setup();
    const { state, next } = renderStep();
    await user.type(screen.getByLabelText('Zip codes'), '62701, 1234567890ABCDEFG');
    const why = zipCodesTooLongMessage(['1234567890ABCDEFG']);

    // Act
    const outcome = await next();

    // Assess
    expect(outcome).toEqual({ advance: false, message: why });
    expect(state.draft.selectedZipCodes).toEqual(['62701']);
    expect(screen.getByLabelText('Zip codes')).toHaveValue('1234567890ABCDEFG');
    expect(screen.getByText(why)).toBeInTheDocument();

    // Act / Assess: Add Codes says the same; once fixed, Next adds it and goes on.
    await user.click(screen.getByRole('button', { name: 'Add Codes' }));
    expect(screen.getByText(why)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Zip codes'));
    await user.type(screen.getByLabelText('Zip codes'), '12345-6789');
    expect(screen.queryByText(why)).not.toBeInTheDocument();
    expect(await next()).toEqual({ advance: true });
    expect(state.draft.selectedZipCodes).toEqual(['62701', '12345-6789']);
  });

  it('adds a CSV whose lines hold comma-separated codes, with CRLF, blanks and duplicates', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const { container, state } = renderStep({ ...newCampaignDraft(), selectedZipCodes: ['10001'] });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;

    // Act
    await user.upload(
      input,
      new File(['62701,78701\r\n\r\n 10001 \r\n78701, ,94105\r\n'], 'zips.csv', { type: 'text/csv' }),
    );

    // Assess: after the codes already kept, each new one once.
    await vi.waitFor(() => expect(state.draft.selectedZipCodes).toEqual(['10001', '62701', '78701', '94105']));
    expect(screen.getByText('4 zip codes')).toBeInTheDocument();
  });

  it('refuses anything but one .csv file and a file without codes, for 10 s', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const toast = vi.spyOn(toaster, 'create');
    const { container, state } = renderStep();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;

    // Act
    await user.upload(input, new File(['62701'], 'zips.txt', { type: 'text/plain' }));
    await user.upload(input, new File([' ,\r\n\r\n'], 'empty.csv', { type: 'text/csv' }));

    // Assess
    await vi.waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
    expect(toast.mock.calls.map(([options]) => [options.title, options.duration])).toEqual([
      [VALIDATION_MESSAGES.csvOneFile, TOAST_MS.csvError],
      [NO_ZIP_CODES_TEXT, TOAST_MS.csvError],
    ]);
    expect(state.draft.selectedZipCodes).toEqual([]);
  });

  it('shows the codes kept in the draft after a reload and blocks changes while Next works', () => {
    // Act
    renderStep({ ...newCampaignDraft(), selectedZipCodes: ['62701', '78701'] }, true);

    // Assess
    expect(keptCodes()).toEqual(['62701', '78701']);
    expect(screen.getByText('2 zip codes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove 62701' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeDisabled();
    expect(screen.getByLabelText('Zip codes')).toBeDisabled();
  });
});
