import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TFoundEmailsInfo } from '@bidgrid/shared/targeting/company.schema';
import { VALIDATION_MESSAGES as M } from '@bidgrid/shared/common/messages';
import { crmRetargetingGate, STEP_GATE_MESSAGES } from '@bidgrid/shared/campaigns/step-gates';
import { useSession } from '@/lib/session/session-context';
import { showGateToast, toaster } from '@/lib/toaster';
import { useAdvertiserChoices, useCreateEmailSegment } from '../api/segment-calls';
import { AdvertiserChoice } from '../components/advertiser-choice';
import { CrmEmails } from '../components/crm-emails';
import { CrmPrompt } from '../components/crm-prompt';
import { emailCount } from '../segment-display';
import { emailSegmentSavedText } from '../segment-messages';

/**
 * CRM Re-targeting Segments (001 §2 /crm-retargeting): e-mails of an advertiser's HubSpot contact list
 * or a .csv, grouped by domain; Save makes them a segment 'Hashed Emails for {name}' of the advertiser
 * (hashed at the bidder) outside a campaign. The one-time CRM prompt shows on the first visit.
 */
export function Component() {
  const session = useSession();
  const advertisers = useAdvertiserChoices(session.agency?.agencyId ?? null);
  const { mutate: save, loading: pending } = useCreateEmailSegment();
  const [advertiser, setAdvertiser] = useState<TAdvertiser | null>(null);
  const [emails, setEmails] = useState<TFoundEmailsInfo | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const count = emailCount(emails?.emailsToHash);

  const choose = (next: TAdvertiser | null): void => {
    setAdvertiser(next);
    setEmails(null);
  };

  const submit = async (): Promise<void> => {
    if (!advertiser) return showGateToast(STEP_GATE_MESSAGES.selectAdvertiser);
    const gate = crmRetargetingGate(count);
    if (gate || !emails) return showGateToast(gate ?? STEP_GATE_MESSAGES.listForEmails);
    if (name.trim() === '') return setNameError(M.required);
    setNameError(null);
    try {
      const segment = await save({
        body: {
          advertiserId: advertiser.bgAdvertiserId as `bgAdvertiser-${string}`,
          name: name.trim(),
          emailsToHash: emails.emailsToHash,
        },
      });
      toaster.create({
        type: 'success',
        title: emailSegmentSavedText(segment.segment_name),
        duration: TOAST_MS.default,
      });
      setEmails(null);
      setName('');
    } catch {
      // The API client has shown the failure; the e-mails and name stay for another try.
    }
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        CRM Re-targeting Segments
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Turn the contacts of a HubSpot list, or a .csv of e-mail addresses, into a segment of the advertiser: the
        addresses are hashed before they reach the bidding platform.
      </Text>
      <AdvertiserChoice advertisers={advertisers.data ?? []} value={advertiser} onChange={choose} />
      <CrmEmails advertiser={advertiser} value={emails} onChange={setEmails} disabled={pending} />
      <Field.Root maxW="sm" required invalid={nameError !== null}>
        <Field.Label>Segment Name</Field.Label>
        <Input value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <Field.HelperText>Saved as &apos;Hashed Emails for {name.trim() || '{name}'}&apos;.</Field.HelperText>
        <Field.ErrorText>{nameError}</Field.ErrorText>
      </Field.Root>
      <div>
        <Button colorPalette="blue" loading={pending} onClick={() => void submit()}>
          Save Segment
        </Button>
      </div>
      <CrmPrompt />
    </Stack>
  );
}
