import { Box, Button, chakra, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';

/**
 * The drop zone of 'Create New AdGroup' (001 §2): files dragged onto it or chosen with its button. The
 * native input is the one a keyboard or a test reaches (`Choose files to upload`); the zone only
 * forwards drops. `accept` narrows the browser's file dialog; the upload rules still check every file,
 * since a drop is never narrowed.
 */
export function FileDropZone({
  accept,
  disabled,
  onFiles,
}: {
  accept: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box
      data-testid="drop-zone"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.600' : 'border'}
      bg={over ? 'blue.50' : 'bg.subtle'}
      rounded="l2"
      p="6"
      textAlign="center"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Text mb="3">Drag and drop your creative files here, or</Text>
      <Button size="sm" colorPalette="blue" disabled={disabled} onClick={() => input.current?.click()}>
        Choose Files
      </Button>
      <chakra.input
        ref={input}
        type="file"
        multiple
        accept={accept}
        display="none"
        aria-label="Choose files to upload"
        disabled={disabled}
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []);
          // Cleared so choosing the same file again after removing it fires a change.
          event.currentTarget.value = '';
          onFiles(chosen);
        }}
      />
    </Box>
  );
}
