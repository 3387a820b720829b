/**
 * A client of server-sent events as a browser's EventSource reads them (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation),
 * over a POST (EventSource itself only GETs): lines end in CRLF, LF or CR; `event:` names the event, `data:` lines
 * join with '\n', a blank line dispatches (type 'message' by default), ':' lines are comments, one leading space of a
 * value is dropped. Each event is stamped with the time it was parsed.
 */

export interface StreamEvent {
  event: string;
  data: string;
  at: number;
}

export interface StreamAnswer {
  status: number;
  contentType: string;
  /** The events, for an event-stream answer. */
  events: StreamEvent[];
  /** The body, for any other answer. */
  text: string;
}

export async function postEventStream(
  url: string,
  token: string,
  body: unknown,
  options: { onEvent?: (e: StreamEvent) => void; signal?: AbortSignal } = {},
): Promise<StreamAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream')) return { status: res.status, contentType, events: [], text: await res.text() };

  const events: StreamEvent[] = [];
  let type = '';
  let data: string[] = [];
  let buffer = '';
  const line = (l: string) => {
    if (l === '') {
      if (data.length > 0) {
        const e = { event: type || 'message', data: data.join('\n'), at: Date.now() };
        events.push(e);
        options.onEvent?.(e);
      }
      type = '';
      data = [];
      return;
    }
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    const value = colon < 0 ? '' : l.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split(/\r\n|\n|\r/);
    buffer = lines.pop()!;
    lines.forEach(line);
  }
  if (buffer) line(buffer);
  return { status: res.status, contentType, events, text: '' };
}
