import { Box, Button, HStack, Image, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { TRUNCATE } from '@bidgrid/shared/constants';
import { videoDurationNote } from '@bidgrid/shared/ad-groups/upload.schema';
import type { TMeasuredFile } from '@/lib/creative-upload/measure-files';
import { truncate } from '@/lib/truncate';
import type { TFileStatus } from '../hooks/use-ad-group-pipeline';

/**
 * A file's preview while shown: an object URL made on show and revoked on hide or removal. The URL lives as
 * long as the element showing it: made when React attaches the element, revoked by the ref's cleanup.
 */
function Preview({ file }: { file: TMeasuredFile }) {
  const show = useCallback(
    (element: HTMLImageElement | HTMLVideoElement | null) => {
      if (!element) return undefined;
      const url = URL.createObjectURL(file.file);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file.file],
  );
  return file.type.startsWith('video/') ? (
    <video ref={show} controls muted aria-label={`Preview of ${file.name}`} style={{ maxHeight: '10rem' }} />
  ) : (
    <Image ref={show} alt={`Preview of ${file.name}`} maxHeight="40" maxWidth="full" objectFit="contain" />
  );
}

function StatusLine({ name, status }: { name: string; status: TFileStatus | undefined }) {
  if (!status) return null;
  if (status.state === 'failed') {
    return (
      <Text fontSize="sm" color="fg.error">
        {status.message}
      </Text>
    );
  }
  const value = status.state === 'uploading' ? Math.floor((status.loaded / Math.max(1, status.total)) * 100) : 100;
  return (
    <HStack gap="2">
      <Progress.Root value={value} size="xs" colorPalette="blue" flex="1" aria-label={`Upload of ${name}`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" minWidth="16">
        {status.state === 'done' ? 'Done' : `${value}%`}
      </Text>
    </HStack>
  );
}

/**
 * The valid assets (001 §2): each file's name (48 characters at most, 001 §9), size, the video duration
 * note, a preview that can be shown and hidden, Remove, and while the pipeline runs its upload progress.
 */
export function ValidAssets({
  files,
  statuses,
  disabled,
  onRemove,
}: {
  files: readonly TMeasuredFile[];
  statuses: Readonly<Record<string, TFileStatus>>;
  disabled: boolean;
  onRemove: (name: string) => void;
}) {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  if (files.length === 0) return null;
  const toggle = (name: string): void =>
    setShown((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        Valid assets
      </Text>
      <List.Root gap="3" aria-label="Valid assets" listStyleType="none">
        {files.map((file) => {
          const note = file.type.startsWith('video/') ? videoDurationNote(file.durationSeconds) : null;
          const size = file.width && file.height ? `${file.width}x${file.height}, ` : '';
          return (
            <List.Item key={file.name} borderBottomWidth="1px" pb="2">
              <Stack gap="1">
                <HStack justify="space-between" gap="2" wrap="wrap">
                  <Text fontSize="sm" title={file.name}>
                    {`${truncate(file.name, TRUNCATE.fileName)} (${size}${file.size} bytes)`}
                  </Text>
                  <HStack gap="1">
                    <Button
                      size="2xs"
                      variant="ghost"
                      aria-label={`${shown.has(file.name) ? 'Hide' : 'Show'} preview of ${file.name}`}
                      onClick={() => toggle(file.name)}
                    >
                      {shown.has(file.name) ? 'Hide preview' : 'Show preview'}
                    </Button>
                    <Button
                      size="2xs"
                      variant="ghost"
                      disabled={disabled}
                      aria-label={`Remove ${file.name}`}
                      onClick={() => onRemove(file.name)}
                    >
                      Remove
                    </Button>
                  </HStack>
                </HStack>
                {note ? (
                  <Text fontSize="sm" color="fg.warning">
                    {note}
                  </Text>
                ) : null}
                <StatusLine name={file.name} status={statuses[file.name]} />
                {shown.has(file.name) ? <Preview file={file} /> : null}
              </Stack>
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
}
