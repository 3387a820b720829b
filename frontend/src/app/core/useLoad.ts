import { useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: unknown };

/** Runs `load` once per `key` (e.g. a token read from the URL) and answers its progress. */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setResult({ key, loaded: { state: 'done', value } }),
      (error: unknown) => current && setResult({ key, loaded: { state: 'failed', error } }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads when the key changes, not the closure
  }, [key]);
  return result?.key === key ? result.loaded : { state: 'loading' };
}
