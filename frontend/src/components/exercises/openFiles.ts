import { EXERCISE_LIMITS, fileNameOfKey } from '@consulta/shared';
import { startDownload } from '../upload/startDownload';

export type FileUrl = (fileKey: string) => Promise<{ download_url: string }>;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `url` in a new tab (without giving it this page); false when the browser blocked the window. */
function openTab(url: string, win: Window): boolean {
  const tab = win.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}

/**
 * 'Ver Archivo': opens each file of an exercise in a new tab, 500 ms apart. Call it from the
 * click: the first tab is opened at once (browsers allow one window per click) and pointed at its signed URL when
 * that arrives; a later one the browser blocks is downloaded instead. Rejects when a URL cannot be had (the
 * caller says 'Error al acceder al archivo...'); with no files it does nothing (the caller says 'Sin archivos').
 */
export async function openFiles(keys: readonly string[], fileUrl: FileUrl, win: Window = window): Promise<void> {
  if (keys.length === 0) return;
  const first = win.open('', '_blank');
  if (first) first.opener = null;
  let firstUsed = false;
  try {
    for (const [i, key] of keys.entries()) {
      const { download_url: url } = await fileUrl(key);
      if (i === 0 && first) {
        first.location.href = url;
        firstUsed = true;
      } else {
        if (i > 0) await wait(EXERCISE_LIMITS.fileOpenDelayMs);
        if (!openTab(url, win)) startDownload(url, fileNameOfKey(key), win.document);
      }
    }
  } catch (error) {
    if (!firstUsed) first?.close();
    throw error;
  }
}
