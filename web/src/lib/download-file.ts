/**
 * Saves a file the app made in the browser (CSV and PDF exports): an object URL on a temporary link
 * with `download`, clicked once. The URL is revoked on the next task, once the browser has taken the
 * download over, so repeated exports do not keep blobs alive.
 */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
