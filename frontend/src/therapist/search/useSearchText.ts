import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { SEARCH_TYPING_MS } from './searchLinks';

/**
 * A search box's text kept in the address under `param` once typing settles (so back, or a session opened from a
 * result and closed, returns to the same search). Answers the text as typed, its setter, and the settled text.
 */
export function useSearchText(param: string): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(param) ?? '';
  const [text, setText] = useState(inAddress);
  const settled = useDebouncedValue(text, SEARCH_TYPING_MS);
  // The address changed from elsewhere (a new search from the top bar): the box follows it.
  const [lastAddress, setLastAddress] = useState(inAddress);
  if (inAddress !== lastAddress) {
    setLastAddress(inAddress);
    setText(inAddress);
  }
  useEffect(() => {
    setParams(
      (now) => {
        if (settled.trim() === (now.get(param) ?? '').trim()) return now;
        if (settled.trim()) now.set(param, settled);
        else now.delete(param);
        return now;
      },
      { replace: true },
    );
  }, [settled, param, setParams]);
  return [text, setText, settled];
}
