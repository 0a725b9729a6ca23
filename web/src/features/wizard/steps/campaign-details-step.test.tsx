import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { stepHarness } from './step-harness';
import { CampaignDetailsStep } from './campaign-details-step';
import type { TWizardStepProps } from '@/lib/wizard-step';

configure({ asyncUtilTimeout: 5_000 });
const TODAY = '2026-11-26';
const DetailsOnDay = (props: TWizardStepProps) => <CampaignDetailsStep {...props} now={() => TODAY} />;

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const numberField = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const dateField = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('Campaign Details step', () => {
  it('shows every required message on Next and stays', async () => {
    // Prepare
    const { Harness, next } = stepHarness(DetailsOnDay);
    renderPage(<Harness />);

    // Act
    let outcome: Awaited<ReturnType<typeof next>> | undefined;
    await act(async () => {
      outcome = await next();
    });

    // Assess
    expect(outcome).toEqual({ advance: false });
    expect(await screen.findAllByText('Required field.')).toHaveLength(5); // name, media type, budget, two dates
    expect(numberField('Max Bid (USD)')).toHaveValue(25);
  });

  it('computes the estimated budget live and applies the budget, bid and date rules with their texts', async () => {
    // Prepare
    const user = userEvent.setup();
    const { Harness, next, state } = stepHarness(DetailsOnDay);
    renderPage(<Harness />);

    // Act
    await user.type(field('Name'), 'Summer push');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Media Type' }), 'video');
    await user.type(numberField('Daily Budget (USD)'), '5');
    await user.type(dateField('Start Date'), '2026-12-01');
    await user.type(dateField('End Date'), '2026-12-03');
    await user.clear(numberField('Max Bid (USD)'));
    await user.type(numberField('Max Bid (USD)'), '11');

    // Assess: 5 a day for 2 days; the bid above it is refused.
    expect(screen.getByRole('textbox', { name: 'Estimated Budget' })).toHaveValue('$10.00');
    expect(await screen.findByText('Max Bid can not be greater than the Estimated Budget')).toBeInTheDocument();

    // Act: a past start date, an end before the start, a bid over 100.
    await user.clear(dateField('Start Date'));
    await user.type(dateField('Start Date'), '2026-11-20');
    await user.clear(numberField('Max Bid (USD)'));
    await user.type(numberField('Max Bid (USD)'), '101');
    await act(async () => {
      await next();
    });

    // Assess: the submit texts.
    expect(await screen.findByText('Please choose a future or current date!')).toBeInTheDocument();
    expect(screen.getByText('Max Bid can not exceed $100')).toBeInTheDocument();

    // Act: fix them and go on.
    await user.clear(dateField('Start Date'));
    await user.type(dateField('Start Date'), '2026-12-01');
    await user.clear(numberField('Max Bid (USD)'));
    await user.type(numberField('Max Bid (USD)'), '2');
    let outcome: Awaited<ReturnType<typeof next>> | undefined;
    await act(async () => {
      outcome = await next();
    });

    // Assess: the draft holds the validated details.
    expect(outcome).toEqual({ advance: true });
    expect(state.draft.basicDetails).toMatchObject({
      name: 'Summer push',
      mediaType: 'video',
      isVideoCampaign: true,
      dailyBudget: 5,
      maxBid: 2,
      startDate: '2026-12-01',
      endDate: '2026-12-03',
      estimatedBudget: 10,
    });
  });

  it('shows Max Companies only for a Sales Enabled Campaign, a whole number of at least 0', async () => {
    // Prepare
    const user = userEvent.setup();
    const { Harness } = stepHarness(DetailsOnDay);
    renderPage(<Harness />);
    expect(screen.queryByRole('spinbutton', { name: 'Max Companies' })).not.toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Sales Enabled Campaign' }));
    await user.type(numberField('Max Companies'), '-1');

    // Assess
    expect(await screen.findByText('Number can not be negative')).toBeInTheDocument();
  });

  it('asks for the template name on a template flow', async () => {
    // Prepare
    const { Harness, next } = stepHarness(DetailsOnDay, { flow: 'createTemplate' });
    renderPage(<Harness />);

    // Act
    await act(async () => {
      await next();
    });

    // Assess: once the messages are shown (validation settles after Next's turn), the field is marked.
    await waitFor(() => expect(screen.getAllByText('Required field.')).toHaveLength(6));
    expect(field('Template Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
