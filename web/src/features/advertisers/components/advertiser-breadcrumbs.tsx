import { Breadcrumb } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TRUNCATE } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { isTruncated, truncate } from '@/lib/truncate';

/**
 * Breadcrumbs of the advertiser pages (000 §2): Home (/dashboard) > Advertisers, and on the detail page
 * > the advertiser's name cut to 36 characters. The last crumb is the current page. Memoised: the pages
 * render again for their reads and the address's query, the name unchanged.
 */
export const AdvertiserBreadcrumbs = memo(function AdvertiserBreadcrumbs({
  advertiserName,
}: {
  advertiserName?: string;
}) {
  return (
    <Breadcrumb.Root size="sm">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild color="blue.700">
            <RouterLink to={paths.dashboard.getHref()}>Home</RouterLink>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          {advertiserName === undefined ? (
            <Breadcrumb.CurrentLink>Advertisers</Breadcrumb.CurrentLink>
          ) : (
            <Breadcrumb.Link asChild color="blue.700">
              <RouterLink to={paths.advertisers.getHref()}>Advertisers</RouterLink>
            </Breadcrumb.Link>
          )}
        </Breadcrumb.Item>
        {advertiserName === undefined ? null : (
          <>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              <Breadcrumb.CurrentLink
                title={isTruncated(advertiserName, TRUNCATE.breadcrumb) ? advertiserName : undefined}
              >
                {truncate(advertiserName, TRUNCATE.breadcrumb)}
              </Breadcrumb.CurrentLink>
            </Breadcrumb.Item>
          </>
        )}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
});
