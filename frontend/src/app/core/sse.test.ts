import { describe, expect, it } from 'vitest';
import { sseParser, type SseEvent } from './sse';

const parse = (...pieces: string[]) => {
  const events: SseEvent[] = [];
  const parser = sseParser((e) => events.push(e));
  pieces.forEach((p) => parser.push(p));
  parser.end();
  return events;
};

describe('the event-stream parser', () => {
  it('reads named events and their data, whatever the pieces they arrive in', () => {
    const stream =
      'event: sesiones\ndata: []\n\nevent: token\ndata: {"text":"Ho"}\n\nevent: token\ndata: {"text":"la"}\n\nevent: done\ndata: {"response":"Hola"}\n\n';
    const expected = [
      { event: 'sesiones', data: '[]' },
      { event: 'token', data: '{"text":"Ho"}' },
      { event: 'token', data: '{"text":"la"}' },
      { event: 'done', data: '{"response":"Hola"}' },
    ];
    expect(parse(stream)).toEqual(expected);
    expect(parse(...stream.split(''))).toEqual(expected);
    expect(parse(stream.slice(0, 17), stream.slice(17, 40), stream.slice(40))).toEqual(expected);
  });

  it('follows the rules of EventSource: CRLF and CR, joined data lines, comments, unnamed events, no space kept', () => {
    expect(parse(': ping\r\ndata:uno\r\ndata: dos\r\n\r\n', 'event:x\rdata:  tres\r\r')).toEqual([
      { event: 'message', data: 'uno\ndos' },
      { event: 'x', data: ' tres' },
    ]);
    // A CR at the end of a piece and its LF at the start of the next make one line end.
    expect(parse('data: a\r', '\n\r', '\n')).toEqual([{ event: 'message', data: 'a' }]);
    // An event never ended by a blank line is not dispatched; one without data neither.
    expect(parse('event: vacio\n\ndata: sin fin')).toEqual([]);
  });
});
