import { useCallback, useState } from 'react';
import type { DraftAutosaver } from './draftAutosaver';

/**
 * Whether the page uploads the session's video now, as useState would keep it; each change also goes to the
 * autosaver, so the open draft shows 'Subiendo video...' meanwhile (in the list too, and in other tabs).
 */
export function useDraftUploading(saver: DraftAutosaver): [boolean, (uploading: boolean) => void] {
  const [uploading, setUploadingState] = useState(false);
  const setUploading = useCallback(
    (next: boolean) => {
      setUploadingState(next);
      saver.videoUploading(next);
    },
    [saver],
  );
  return [uploading, setUploading];
}
