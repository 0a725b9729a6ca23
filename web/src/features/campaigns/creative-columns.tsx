import { Image, Link } from '@chakra-ui/react';
import { DEFAULT_VIDEO_DURATION_S, TRUNCATE, VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import { formatCount, formatPercent, NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import type { DataTableColumn } from '@/components/data-table';
import { formatShortDate, timeValue } from '@/lib/date-format';
import { NameCell } from './campaign-columns';

const isVideo = (creative: TCreative): boolean =>
  (VIDEO_MIME_TYPES as readonly string[]).includes(creative.creativeType);

/** 001 §9: a video without a known duration shows 60 s; images have none. */
export const durationValue = (creative: TCreative): number | null =>
  isVideo(creative) ? (creative.duration ?? DEFAULT_VIDEO_DURATION_S) : null;

type ReportKey = 'impressions' | 'clicks' | 'ctr' | 'video_completes' | 'video_plays' | 'video_midpoints';
const reportValue = (creative: TCreative, key: ReportKey): number | null => creative.creativeReports[0]?.[key] ?? null;

const reportColumn = (id: ReportKey, header: string, format: (n: number | null) => string) => ({
  id,
  header,
  cell: (creative: TCreative) => format(reportValue(creative, id)),
  sortValue: (creative: TCreative) => reportValue(creative, id),
  align: 'end' as const,
});

/** The asset cell: the image itself, or a link to the video. */
function Asset({ creative }: { creative: TCreative }) {
  if (isVideo(creative)) {
    return (
      <Link href={creative.creativeSrc} target="_blank" rel="noreferrer" fontSize="sm" color="blue.700">
        Video
      </Link>
    );
  }
  return <Image src={creative.creativeSrc} alt={creative.name} maxHeight="12" maxWidth="24" objectFit="contain" />;
}

/**
 * The creatives table of an ad group (000 §2): asset, name, height, width, duration, creative type,
 * impressions, clicks, CTR, video completes, video plays, video midpoints, creative date; every column
 * but the asset sorts.
 */
export const CREATIVE_COLUMNS: ReadonlyArray<DataTableColumn<TCreative>> = [
  { id: 'asset', header: 'Asset', cell: (creative) => <Asset creative={creative} /> },
  {
    id: 'name',
    header: 'Name',
    // A creative's name is its file name (001 §9: cut at 48 characters, the whole name in the title): cells
    // keep to one line and the table scrolls.
    cell: (creative) => <NameCell name={creative.name} max={TRUNCATE.fileName} />,
    sortValue: (c) => c.name,
  },
  { id: 'height', header: 'Height', cell: (c) => String(c.height), sortValue: (c) => c.height, align: 'end' },
  { id: 'width', header: 'Width', cell: (c) => String(c.width), sortValue: (c) => c.width, align: 'end' },
  {
    id: 'duration',
    header: 'Duration',
    cell: (c) => {
      const seconds = durationValue(c);
      return seconds === null ? NOT_AVAILABLE : `${seconds} s`;
    },
    sortValue: durationValue,
    align: 'end',
  },
  { id: 'creativeType', header: 'Creative Type', cell: (c) => c.creativeType, sortValue: (c) => c.creativeType },
  reportColumn('impressions', 'Impressions', formatCount),
  reportColumn('clicks', 'Clicks', formatCount),
  reportColumn('ctr', 'CTR', formatPercent),
  reportColumn('video_completes', 'Video Completes', formatCount),
  reportColumn('video_plays', 'Video Plays', formatCount),
  reportColumn('video_midpoints', 'Video Midpoints', formatCount),
  {
    id: 'createdAt',
    header: 'Creative Date',
    cell: (c) => formatShortDate(c.createdAt),
    sortValue: (c) => timeValue(c.createdAt),
  },
];
