/**
 * An object URL for a blob (a QR image) that lives exactly as long as it is shown: made
 * when the blob arrives, revoked when the blob goes (the dialog closes) or the view unmounts.
 */
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
