import { CHAT_STREAM_EVENTS } from '@consulta/shared';
import type { Request, Response } from 'express';
import { recordBeforeAnswering } from '../access/access-context';
import { requestIdOf } from '../common/logging/request-logging';
import { AiAgentService, type PreparedChat } from './ai-agent.service';

/** Whether the client asked for server-sent events (`Accept: text/event-stream`) rather than JSON. */
export const wantsStream = (req: Request): boolean => req.accepts(['application/json', 'text/event-stream']) === 'text/event-stream';

/** One server-sent event; the data is JSON, so a newline in the text cannot end it. */
const event = (res: Response, name: string, data: unknown) => res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * Answers a prepared question: as `{ response, sesiones }`, or streamed as server-sent events (`sesiones`, then
 * `token` as each piece arrives, then `done` or `error`). A client that leaves stops the provider's request.
 * Failures before the answer begins are the usual `{ detail, code }` errors (thrown to the exception filter).
 */
export async function respond(agent: AiAgentService, chat: PreparedChat, req: Request, res: Response): Promise<void> {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) gone.abort();
  });
  if (!wantsStream(req)) {
    const answer = await agent.answer(chat, gone.signal);
    res.status(200);
    await recordBeforeAnswering();
    res.json(answer);
    return;
  }

  res.status(200);
  // The access is in the history before the first byte of a stream goes (its outcome is then that of its start).
  await recordBeforeAnswering();
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no', // a reverse proxy must not hold the pieces back
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  event(res, CHAT_STREAM_EVENTS.sources, chat.sources);
  let response = '';
  try {
    for await (const text of agent.stream(chat, gone.signal)) {
      response += text;
      event(res, CHAT_STREAM_EVENTS.token, { text });
    }
    event(res, CHAT_STREAM_EVENTS.done, { response: response.trim(), sesiones: chat.sources });
  } catch (error) {
    if (gone.signal.aborted) return;
    event(res, CHAT_STREAM_EVENTS.error, { ...AiAgentService.failureBody(error), request_id: requestIdOf(req) });
  }
  res.end();
}
