import { Button, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import { EmptyState, ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { paths } from '@/config/paths';
import { resetCampaignFlow } from '@/lib/campaign-flow';
import type { useCampaignTemplates } from '../api/wizard-calls';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * The user's templates as the two template pages show them (Create from template, Edit Campaign
 * Templates; 001 §2): cards while loading, the failure with Try again, 'It's empty here' with Create
 * Template when there are none, else `children` with the list, and the 'Loading more...' note while
 * later pages come.
 */
export function TemplateListStates({
  templates,
  children,
}: {
  templates: ReturnType<typeof useCampaignTemplates>;
  children: (list: TCampaignTemplate[]) => ReactNode;
}) {
  const navigate = useNavigate();
  const list = templates.data ?? [];
  return (
    <>
      {templates.loading && !templates.data ? (
        <SimpleGrid
          columns={{ base: 1, md: 2, lg: 3 }}
          gap="4"
          aria-busy="true"
          role="status"
          aria-label="Loading templates"
        >
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="20" />
          ))}
        </SimpleGrid>
      ) : templates.error && !templates.data ? (
        <ErrorState
          title="The templates could not be loaded."
          message={templates.error.message}
          onRetry={() => void templates.refetch()}
        />
      ) : list.length === 0 ? (
        <Stack gap="4" align="flex-start">
          <EmptyState>{W.emptyTemplates}</EmptyState>
          <Button
            colorPalette="blue"
            onClick={() => {
              resetCampaignFlow();
              navigate(paths.createCampaignTemplate.getHref());
            }}
          >
            Create Template
          </Button>
        </Stack>
      ) : (
        children(list)
      )}
      <LoadingMore
        progress={templates.progress}
        failed={Boolean(templates.error)}
        onRetry={templates.retry}
        what="templates"
      />
    </>
  );
}
