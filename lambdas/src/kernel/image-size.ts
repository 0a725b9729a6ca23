// Moved to `shared` with the media probe; the server's imports keep this path.
export { imageSize } from '@bidgrid/shared/media/image-size';
