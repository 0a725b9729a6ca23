import { Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { EmptyState, ErrorState } from '@/components/data-states';
import { paths } from '@/config/paths';
import { abmFlowSteps, startCampaignFlow, type FlowStep } from '@/lib/campaign-flow';
import { usePlaybooks } from '../api/playbook-queries';
import { CampaignCard } from '../components/campaign-card';
import { PlaybookIcon } from '../components/playbook-icon';

const DASHBOARD_HEADING = 'The only B2B advertising platform that scales from entry-level SMB to Enterprise.';

/** The two fixed cards of spec 001 §1, after the playbooks. */
const fixedCards = [
  {
    title: 'Dynamic Account-Based Advertising',
    description: [
      'Your CRM workflow decides which target accounts are advertised to.',
      'Campaigns activate and deactivate per account as deals move.',
    ],
    icon: 'target' as const,
    flow: 'managed' as const,
  },
  {
    title: 'Custom Campaigns',
    description: [
      'Pick the targeting layers you need: geography, publications, companies, roles, segments.',
      'The audience is the AND of the attributes you choose.',
    ],
    icon: 'chart' as const,
    flow: 'custom' as const,
  },
];

/** A campaign flow a card starts. */
interface TFlowStart {
  readonly title: string;
  readonly flow: 'managed' | 'custom';
  readonly isDynamicABA: boolean;
  readonly steps?: readonly FlowStep[];
}

/** Home at /dashboard (spec 000 §2 "Dashboard", 001 §1). */
export function Component() {
  const navigate = useNavigate();
  const { data, loading, error, refetch } = usePlaybooks();

  // Starting a flow: clear session storage, set isDynamicABA, set the card's steps, navigate with the title.
  const start = (options: TFlowStart): void => {
    startCampaignFlow({ isDynamicABA: options.isDynamicABA, steps: options.steps });
    const href =
      options.flow === 'managed' ? paths.createManagedCampaign.getHref() : paths.createCustomCampaign.getHref();
    navigate(href, { state: { title: options.title } });
  };
  const startPlaybook = (playbook: TPlaybook): void =>
    start({ title: playbook.title, flow: 'managed', isDynamicABA: false, steps: playbook.campaignSteps });
  // The cards below the playbooks come once the playbooks are in (or failed): shown under the loading
  // placeholders, they would jump down as soon as more playbooks than placeholders arrived.
  const playbooksSettled = Boolean(data) || Boolean(error) || !loading;

  return (
    <Stack gap="8">
      <Heading as="h1" size="2xl" maxW="4xl">
        {DASHBOARD_HEADING}
      </Heading>
      <section aria-labelledby="playbooks-heading">
        <Heading as="h2" id="playbooks-heading" size="lg" mb="4">
          Playbooks
        </Heading>
        {loading && !data ? (
          <SimpleGrid
            columns={{ base: 1, md: 2, lg: 3 }}
            gap="6"
            aria-busy="true"
            role="status"
            aria-label="Loading playbooks"
          >
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height="56" />
            ))}
          </SimpleGrid>
        ) : error && !data ? (
          <ErrorState
            title="The playbooks could not be loaded."
            message={error.message}
            onRetry={() => void refetch()}
          />
        ) : data && data.length > 0 ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {data.map((playbook) => (
              <CampaignCard
                key={playbook.id}
                icon={<PlaybookIcon name={playbook.icon} />}
                title={playbook.title}
                description={playbook.description}
                onCreate={() => startPlaybook(playbook)}
              />
            ))}
          </SimpleGrid>
        ) : (
          <EmptyState>There are no playbooks yet.</EmptyState>
        )}
      </section>
      {playbooksSettled ? <BuildYourOwn onStart={start} /> : null}
    </Stack>
  );
}

/** 'Build your own': the two fixed cards of spec 001 §1, after the playbooks. */
function BuildYourOwn({
  onStart: start,
}: {
  onStart: (options: {
    title: string;
    flow: 'managed' | 'custom';
    isDynamicABA: boolean;
    steps?: readonly FlowStep[];
  }) => void;
}) {
  return (
    <section aria-labelledby="campaign-types-heading">
      <Heading as="h2" id="campaign-types-heading" size="lg" mb="4">
        Build your own
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        {fixedCards.map((card) => (
          <CampaignCard
            key={card.title}
            icon={<PlaybookIcon name={card.icon} />}
            title={card.title}
            description={card.description}
            onCreate={() =>
              card.flow === 'managed'
                ? start({ title: card.title, flow: 'managed', isDynamicABA: true, steps: abmFlowSteps })
                : start({ title: card.title, flow: 'custom', isDynamicABA: false })
            }
          />
        ))}
      </SimpleGrid>
    </section>
  );
}
