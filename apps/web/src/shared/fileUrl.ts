import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@tracehub/contract';
import { download } from '../api/client';
import type { TSessionKind } from '../api/token';

/** The file key inside a view URL (/api/file/view?fileKey=...), which the server hands out for photos. */
export function viewUrlFileKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /[?&]fileKey=([^&]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * An uploaded file as an object URL: /file/view needs the bearer token, which an <img src> cannot send.
 * The URL is revoked when the file changes or the component goes away.
 */
export function useFileObjectUrl(fileKey: string | null | undefined, session: TSessionKind = 'enterprise') {
  const query = useQuery({
    queryKey: ['file', 'view', session, fileKey ?? ''],
    queryFn: ({ signal }) =>
      download(api.file.view, { fileKey: fileKey ?? '' }, { signal, session, silent: true }),
    enabled: Boolean(fileKey),
    staleTime: Infinity,
  });
  const blob = query.data?.blob;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
