/** One server-sent event: its type ('message' when unnamed) and its data. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream as its pieces arrive, the way EventSource does (WHATWG HTML, "Interpreting an event
 * stream"): lines end in CRLF, LF or CR; `event:` names the event, `data:` lines join with '\n', a blank line
 * dispatches it, ':' lines are comments, one space after the colon is dropped. (EventSource itself only GETs.)
 */
export function sseParser(onEvent: (event: SseEvent) => void): { push: (text: string) => void; end: () => void } {
  let buffer = '';
  let type = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n') });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(text) {
      buffer += text;
      // A CR at the end may be the first half of a CRLF: wait for the next piece.
      const complete = buffer.endsWith('\r') ? buffer.slice(0, -1) : buffer;
      const lines = complete.split(/\r\n|\n|\r/);
      buffer = lines.pop()! + buffer.slice(complete.length);
      lines.forEach(line);
    },
    end() {
      if (buffer) line(buffer.replace(/\r$/, ''));
      buffer = '';
    },
  };
}
