import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import type { TCompanyRow } from '@bidgrid/shared/entities/company.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/validation/messages';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { fakeRealtime } from '@/test/fake-realtime';
import { stepHarness } from '@/test/step-harness';
import { system } from '@/theme/system';
import { TargetCompaniesStep } from './target-companies-step';

const matched: TCompanyRow = {
  domain: 'bluepeaklogistics.com',
  include: true,
  domainInfo: { domain: 'bluepeaklogistics.com', companyName: 'Bluepeak Logistics', ipSegments: ['198.18.0.0/22'] },
};
const unmatched: TCompanyRow = { domain: 'nowhere.example', include: false };

function renderStep(initial: TCampaignDraft = newCampaignDraft()) {
  const realtime = fakeRealtime();
  realtime.client.start();
  const { element, state, next } = stepHarness(TargetCompaniesStep, { draft: initial });
  const view = render(
    <ChakraProvider value={system}>
      <RealtimeContext.Provider value={realtime.client}>{element}</RealtimeContext.Provider>
    </ChakraProvider>,
  );
  return { ...realtime, ...view, state, next };
}

describe('wizard Target Companies step', () => {
  it('needs an included company, keeps the match and include flags in the draft', async () => {
    // Prepare
    const user = userEvent.setup();
    const { container, sentCall, state, next } = renderStep();

    // Act / Assess: nothing uploaded.
    expect(await next()).toEqual({ advance: false, message: VALIDATION_MESSAGES.csvOneFile });

    // Act: upload and match.
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['bluepeaklogistics.com\nnowhere.example'], 'targets.csv', { type: 'text/csv' }));
    const { socket, message } = await sentCall();
    socket.receive({
      event: 'retrievedCSVKickfireMatches',
      reqID: message['reqID'],
      success: true,
      payload: { primarySegments: [matched, unmatched], uniqueSegments: [matched, unmatched], matches: 1 },
      error: null,
    });
    await screen.findByRole('table', { name: 'Target companies' });

    // Assess
    expect(state.draft.foundCompanyInfo?.fromFile).toBe(true);
    expect(state.draft.foundCompanyInfo?.uniqueSegments.map((row) => [row.domain, row.include])).toEqual([
      ['bluepeaklogistics.com', true],
      ['nowhere.example', false],
    ]);
    expect(await next()).toEqual({ advance: true });

    // Act / Assess: excluding the only match stops Next again.
    await user.click(screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' }));
    expect(state.draft.foundCompanyInfo?.uniqueSegments[0]?.include).toBe(false);
    expect(await next()).toEqual({ advance: false, message: VALIDATION_MESSAGES.csvOneFile });
  });

  it('shows the match kept in the draft after a reload', async () => {
    // Act
    renderStep({
      ...newCampaignDraft(),
      foundCompanyInfo: {
        primarySegments: [matched],
        uniqueSegments: [matched, unmatched],
        matches: 1,
        fromFile: true,
      },
    });

    // Assess
    expect(await screen.findByRole('table', { name: 'Target companies' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).toBeChecked();
    expect(screen.getByText('1 of 2 domains matched, 1 included')).toBeInTheDocument();
  });
});
