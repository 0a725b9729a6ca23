import { toaster } from './toaster';

/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it (https and loopback),
 * else the older selection copy. Resolves false when neither worked, so the caller can say so.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (error) {
    console.error('Clipboard write refused', error);
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // The deprecated command is the only copy path without the Clipboard API; false means refused.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies text and says how it went in a closable toast: `copied` on success, `failed` when the
 * clipboard refused it (the one outcome message of every Copy button).
 */
export async function copyWithToast(
  text: string,
  texts: { copied: string; failed: string },
  duration: number,
): Promise<void> {
  const copied = await copyText(text);
  toaster.create({
    type: copied ? 'success' : 'error',
    title: copied ? texts.copied : texts.failed,
    duration,
    closable: true,
  });
}
