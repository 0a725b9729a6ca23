import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TOAST_MS, type TMediaType } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { VALIDATION_MESSAGES as M } from '@bidgrid/shared/common/messages';
import { STEP_GATE_MESSAGES } from '@bidgrid/shared/campaigns/step-gates';
import { useSession } from '@/lib/session/session-context';
import { showGateToast, toaster } from '@/lib/toaster';
import { templateSavedText } from '../ad-group-messages';
import { useAdvertiserChoices } from '../api/ad-group-calls';
import { AdGroupScreen, type TAdGroupTab } from '../components/ad-group-screen';
import {
  detailsError,
  emptyNewAdGroup,
  type TCreateStep,
  type TNewAdGroupErrors,
  type TNewAdGroupValue,
} from '../components/create-ad-group-form';
import { useAdGroupPipeline } from '../hooks/use-ad-group-pipeline';

/**
 * Ads Upload (001 §2 /ads-upload): the Ad group screen outside any campaign. There is no campaign to
 * give an ad group to, so Submit saves the upload as an ad-group template of the advertiser with a
 * creative template per file (the same pipeline without its campaign steps); the saved ones are listed
 * in 'Select From Saved AdGroups' and are what the wizard and the campaign dashboard offer later.
 */
export function Component() {
  const session = useSession();
  const advertisers = useAdvertiserChoices(session.agency?.agencyId ?? null);
  const [advertiser, setAdvertiser] = useState<TAdvertiser | null>(null);
  const [mediaType, setMediaType] = useState<TMediaType>('display');
  const [tab, setTab] = useState<TAdGroupTab>('saved');
  const [value, setValue] = useState<TNewAdGroupValue>(emptyNewAdGroup);
  const [createStep, setCreateStep] = useState<TCreateStep>(0);
  const [errors, setErrors] = useState<TNewAdGroupErrors>({});
  const pipeline = useAdGroupPipeline();

  const startOver = (): void => {
    setValue(emptyNewAdGroup);
    setCreateStep(0);
    setErrors({});
    pipeline.reset();
  };

  const submit = async (): Promise<void> => {
    const nameError = detailsError(value);
    if (nameError) {
      setErrors({ name: nameError });
      setCreateStep(0);
      return;
    }
    if (value.files.length === 0) {
      setErrors({ creatives: M.uploadCreatives });
      return;
    }
    if (!advertiser) {
      showGateToast(STEP_GATE_MESSAGES.selectAdvertiser);
      return;
    }
    setErrors({});
    const result = await pipeline.run(
      {
        kind: 'upload',
        name: value.name.trim(),
        description: value.description.trim(),
        adGroupType: mediaType === 'video' ? 'video' : 'image',
        files: value.files,
      },
      { kind: 'templateOnly', bgAdvertiserId: advertiser.bgAdvertiserId },
    );
    if (result?.kind !== 'templateOnly') return;
    toaster.create({
      type: 'success',
      title: templateSavedText(result.adGroupTemplate.name),
      duration: TOAST_MS.successLoad,
      closable: true,
    });
    startOver();
    setTab('saved');
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Ads Upload
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Upload creatives as a saved ad group of an advertiser, ready to be chosen for its campaigns.
      </Text>
      <AdGroupScreen
        advertisers={advertisers.data ?? []}
        advertiser={advertiser}
        onAdvertiserChange={setAdvertiser}
        mediaType={mediaType}
        onMediaTypeChange={(next) => {
          // Files of the other kind would break the rules of the new media type: the upload starts over.
          if (next !== mediaType) startOver();
          setMediaType(next);
        }}
        tab={tab}
        onTabChange={(next) => {
          // 001 §4: choosing a saved ad group resets the new one.
          if (next === 'saved') startOver();
          setTab(next);
        }}
        value={value}
        onChange={setValue}
        createStep={createStep}
        onCreateStepChange={setCreateStep}
        errors={errors}
        onErrors={setErrors}
        busy={pipeline.running}
        event={pipeline.event}
        statuses={pipeline.statuses}
        onSubmit={() => void submit()}
      />
    </Stack>
  );
}
