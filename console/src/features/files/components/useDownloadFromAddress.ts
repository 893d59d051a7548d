import { useEffect, useRef } from 'react';
import type { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { toast } from '../../../shared/ui/toasts.ts';
import { filesApi } from '../api/files-api.ts';

/**
 * `?download=<file id>`, the address an e-mail links to once a file is ready: the screen (signed in by then) asks the
 * file's download link once, goes to it, and drops the parameter so that a reload does not download it again.
 */
export function useDownloadFromAddress({ params, set }: ReturnType<typeof useAddressState>) {
  const asked = params.get('download');
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!asked || started.current === asked) return;
    started.current = asked;
    set({ download: undefined });
    filesApi.downloadLink([asked]).then(
      (link) => window.location.assign(link.url),
      (error: unknown) => toast.error(error, 'files.downloadFailed'),
    );
  }, [asked, set]);
}
