import { Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { crmRetargetingGate } from '@bidgrid/shared/campaigns/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { CrmEmails } from './crm-emails';
import { CrmPrompt } from './crm-prompt';
import { emailCount } from '../segment-display';

/**
 * The wizard's CRM Re-targeting Segments step (001 §2), filling the `crmSegmentsStep` slot: e-mails
 * from a HubSpot contact list or a .csv, grouped by domain into the draft's `foundEmailsInfo` (the
 * creation makes them a 'Hashed Emails for {campaign name}' segment). Next needs some: 'Please, choose
 * a HubSpot List and select "Get Emails".' The one-time CRM prompt shows on the first visit.
 */
export function CrmSegmentsStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const info = draft.foundEmailsInfo;
  const count = emailCount(info?.emailsToHash);

  useEffect(() => {
    setNextHandler(async () => {
      const gate = crmRetargetingGate(count);
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [count, setNextHandler]);

  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        Reach the contacts of a HubSpot list, or upload their e-mail addresses: they are hashed and sent to the bidding
        platform as a segment of this campaign.
      </Text>
      <CrmEmails
        advertiser={draft.selectedAdvertiser}
        value={info}
        onChange={(next) => updateDraft((current) => ({ ...current, foundEmailsInfo: next }))}
        disabled={busy}
      />
      <CrmPrompt />
    </Stack>
  );
}
