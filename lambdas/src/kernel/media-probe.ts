// The probe moved to `shared` (the web measures chosen files with it before uploading); the
// server's imports keep this path.
export { bytesSource, probeMedia } from '@bidgrid/shared/media/media-probe';
export type { TByteSource, TProbedMedia, TProbedType } from '@bidgrid/shared/media/media-probe';
