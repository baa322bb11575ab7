import { useEffect, useState } from 'react';

/** The chosen file as a local address while it uploads (spec 000 §4: previewed locally, then uploaded). */
export function useLocalPreview(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
