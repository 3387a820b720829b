import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { SEARCH_TYPING_MS } from './searchLinks';

/** A text as the address keeps it: a blank one is no parameter at all. */
const asAddressed = (text: string): string => (text.trim() ? text : '');
/** Whether the typed text is another search than the address's. */
const differs = (typed: string, inAddress: string): boolean => typed.trim() !== inAddress.trim();

/**
 * A search box's text kept in the address under `param` once typing settles (so back, or a session opened from a
 * result and closed, returns to the same search). Answers the text as typed, its setter, and the settled text.
 */
export function useSearchText(param: string): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(param) ?? '';
  const [text, setText] = useState(inAddress);
  const settled = useDebouncedValue(text, SEARCH_TYPING_MS);
  // The texts the box wrote to the address that it does not show yet: a navigation takes a while (on a slow phone,
  // longer than a keystroke) and typing goes on meanwhile. The address then showing one of them is the box's own
  // write arriving, not a reason to replace what was typed since.
  const [written, setWritten] = useState<string[]>([]);
  const [lastSettled, setLastSettled] = useState(settled);
  const [lastAddress, setLastAddress] = useState(inAddress);
  let pending = written;
  if (settled !== lastSettled) {
    setLastSettled(settled);
    if (differs(settled, inAddress)) pending = [...pending, asAddressed(settled)];
  }
  if (inAddress !== lastAddress) {
    setLastAddress(inAddress);
    const own = pending.indexOf(inAddress);
    if (own >= 0) pending = pending.slice(own + 1);
    else {
      // The address changed from elsewhere (a new search from the top bar, back): the box follows it.
      pending = [];
      setText(inAddress);
    }
  }
  if (pending !== written) setWritten(pending);
  // Written when typing settles, not when the address changes (the box follows the address then, as above).
  const write = useEffectEvent((typed: string) => {
    if (!differs(typed, inAddress)) return;
    setParams(
      (now) => {
        const text = asAddressed(typed);
        if (text) now.set(param, text);
        else now.delete(param);
        return now;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    write(settled);
  }, [settled]);
  return [text, setText, settled];
}
