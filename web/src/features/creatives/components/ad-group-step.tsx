import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TEMPLATE_CREATIVE_DEFAULT_LANDING_PAGE, type TMediaType } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { ZAdGroupDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { adGroupCreativesGate, savedAdGroupGate, STEP_GATE_MESSAGES } from '@bidgrid/shared/campaigns/step-gates';
import type { TMeasure, TMeasuredFile } from '@/lib/creative-upload/measure-files';
import { advance, stay, type TStepOutcome, type TWizardFlow, type TWizardStepProps } from '@/lib/wizard-step';
import { discardAdGroup } from '@/lib/creative-upload/discard-ad-group';
import { useLatest } from '@/lib/use-latest';
import type { TPipelineSource, TPipelineTarget } from '../ad-group-pipeline';
import { adGroupReadyText, CHANGE_AD_GROUP } from '../ad-group-messages';
import { useAdGroupPipeline } from '../hooks/use-ad-group-pipeline';
import { AdGroupScreen, type TAdGroupTab } from './ad-group-screen';
import { detailsError, type TCreateStep, type TNewAdGroupErrors, type TNewAdGroupValue } from './create-ad-group-form';

/** Template flows save a campaign template: its ad group is an ad-group template, not a campaign's ad group. */
const isTemplateFlow = (flow: TWizardFlow): boolean => flow === 'createTemplate' || flow === 'editTemplate';

/**
 * The wizard's Ad Group step (001 §2, §4), the `adGroupStep` slot. The advertiser and media type are the
 * draft's (chosen on earlier steps); the details and the chosen saved ad group live in the draft, the
 * files in the page (they are not JSON). Next runs the step's gate, then the ad-group pipeline: in a
 * campaign flow it makes the campaign's ad group under the draft's campaign id and stores
 * `createdAdGroup` (a later Next just advances until the user changes the ad group); in a template flow
 * it saves the upload as an ad-group template and stores it as the draft's `selectedAdGroupTemplate`.
 * A failed file stops Next with its message; Next again resumes.
 */
export function AdGroupStep({
  draft,
  updateDraft,
  flow,
  setNextHandler,
  busy,
  measure,
}: TWizardStepProps & { measure?: (file: File) => Promise<TMeasure> }) {
  const advertiser = draft.selectedAdvertiser;
  const mediaType: TMediaType =
    draft.basicDetails.mediaType ?? (draft.basicDetails.isVideoCampaign ? 'video' : 'display');
  const [tab, setTab] = useState<TAdGroupTab>(draft.selectedAdGroupTemplate ? 'saved' : 'create');
  const [files, setFiles] = useState<readonly TMeasuredFile[]>([]);
  const [createStep, setCreateStep] = useState<TCreateStep>(0);
  const [errors, setErrors] = useState<TNewAdGroupErrors>({});
  const [discarding, setDiscarding] = useState(false);
  const pipeline = useAdGroupPipeline();
  const value: TNewAdGroupValue = {
    name: draft.adGroupToCreate.name,
    description: draft.adGroupToCreate.description,
    files,
  };
  // What the handlers build on: the value of the last commit, or a change made since that no commit has
  // brought yet (files measured and a name typed in one task, Next right after a change). So, unlike
  // useLatest, the handlers write it too; each commit sets it to what that render showed.
  const latestRef = useRef(value);
  useLayoutEffect(() => {
    latestRef.current = value;
  });
  const adGroupType = mediaType === 'video' ? 'video' : 'image';
  const kept = isTemplateFlow(flow) ? null : draft.createdAdGroup;
  // An ad group made before the user went back and changed the media type can not serve the campaign.
  const created = kept && kept.adGroupType === adGroupType ? kept : null;
  const stale = kept && !created ? kept : null;

  const onChange = (change: (current: TNewAdGroupValue) => TNewAdGroupValue): void => {
    const next = change(latestRef.current);
    latestRef.current = next;
    setFiles(next.files);
    updateDraft((current) => ({
      ...current,
      adGroupToCreate: {
        name: next.name,
        description: next.description,
        adGroupType,
      },
    }));
  };

  const changeTab = (next: TAdGroupTab): void => {
    if (next === 'saved') {
      // 001 §4: switching to a saved ad group resets the new ad-group draft to empty, image type.
      setFiles([]);
      setErrors({});
      setCreateStep(0);
      pipeline.reset();
      updateDraft((current) => ({ ...current, adGroupToCreate: ZAdGroupDraft.parse({}) }));
    } else {
      updateDraft((current) => ({ ...current, selectedAdGroupTemplate: null }));
    }
    setTab(next);
  };

  const selectTemplate = (template: TAdGroupTemplate | null): void =>
    updateDraft((current) => ({ ...current, selectedAdGroupTemplate: template }));

  // Once per ad group, however often the effect runs before the draft drops it.
  const discarded = useRef(new Set<string>());
  useEffect(() => {
    if (!stale || discarded.current.has(stale.adGroupId)) return;
    discarded.current.add(stale.adGroupId);
    void discardAdGroup(stale, pipeline.calls);
    updateDraft((current) => ({ ...current, createdAdGroup: null }));
  }, [stale, pipeline.calls, updateDraft]);

  const changeAdGroup = async (): Promise<void> => {
    if (!created) return;
    setDiscarding(true);
    // The campaign must not keep serving the replaced ad group: it goes before the new one is made.
    await discardAdGroup(created, pipeline.calls);
    updateDraft((current) => ({ ...current, createdAdGroup: null }));
    setDiscarding(false);
  };

  const next = async (): Promise<TStepOutcome> => {
    if (!advertiser) return stay(STEP_GATE_MESSAGES.selectAdvertiser);
    if (created) return advance;
    let source: TPipelineSource;
    if (tab === 'saved') {
      const gate = savedAdGroupGate(draft.selectedAdGroupTemplate?.id);
      if (gate || !draft.selectedAdGroupTemplate) return stay(gate ?? undefined);
      // A campaign template keeps the chosen ad-group template; nothing is made until a campaign is.
      if (isTemplateFlow(flow)) return advance;
      source = { kind: 'template', template: draft.selectedAdGroupTemplate };
    } else {
      const current = latestRef.current;
      const nameError = detailsError(current);
      if (nameError) {
        setErrors((shown) => ({ ...shown, name: nameError }));
        setCreateStep(0);
        return stay();
      }
      const gate = adGroupCreativesGate(current.files.length);
      if (gate) {
        setErrors((shown) => ({ ...shown, creatives: gate }));
        setCreateStep(1);
        return stay(gate);
      }
      source = {
        kind: 'upload',
        name: current.name.trim(),
        description: current.description.trim(),
        adGroupType,
        files: current.files,
      };
    }
    const target: TPipelineTarget = isTemplateFlow(flow)
      ? { kind: 'templateOnly', bgAdvertiserId: advertiser.bgAdvertiserId }
      : {
          kind: 'campaign',
          context: {
            bgAdvertiserId: advertiser.bgAdvertiserId,
            beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
            bgCampaignId: draft.basicDetails.bgCampaignId,
            clickUrl: draft.landingPage.trim() || TEMPLATE_CREATIVE_DEFAULT_LANDING_PAGE,
          },
        };
    const result = await pipeline.run(source, target);
    if (!result) return stay();
    if (result.kind === 'campaign') {
      updateDraft((current) => ({ ...current, createdAdGroup: result.createdAdGroup }));
    } else {
      // The new template is the campaign template's ad group from now on.
      updateDraft((current) => ({
        ...current,
        selectedAdGroupTemplate: result.adGroupTemplate,
        adGroupToCreate: ZAdGroupDraft.parse({}),
      }));
      setFiles([]);
      setTab('saved');
    }
    return advance;
  };
  const latestNext = useLatest(next);

  useEffect(() => {
    setNextHandler(() => latestNext.current());
    return () => setNextHandler(null);
  }, [setNextHandler, latestNext]);

  const working = busy || pipeline.running || discarding;
  return (
    <AdGroupScreen
      advertisers={[]}
      advertiser={advertiser}
      mediaType={mediaType}
      tab={tab}
      onTabChange={changeTab}
      selectedTemplate={draft.selectedAdGroupTemplate}
      onSelectTemplate={selectTemplate}
      value={value}
      onChange={onChange}
      createStep={createStep}
      onCreateStepChange={setCreateStep}
      errors={errors}
      onErrors={setErrors}
      busy={working}
      event={pipeline.event}
      statuses={pipeline.statuses}
      showTabs={!created}
      {...(measure ? { measure } : {})}
    >
      {created ? (
        <HStack gap="4" wrap="wrap" role="status">
          <Text>{adGroupReadyText(created.name, created.creativeIds.length)}</Text>
          <Button size="sm" variant="outline" disabled={working} onClick={() => void changeAdGroup()}>
            {CHANGE_AD_GROUP}
          </Button>
        </HStack>
      ) : null}
    </AdGroupScreen>
  );
}
