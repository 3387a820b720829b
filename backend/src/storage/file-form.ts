import { BadRequestException } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { MSG } from '@consulta/shared';
import { AsyncResource } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import { problem } from '../common/errors/error.dto';

export interface FileForm {
  /** Fields that came before the file. */
  fields: Record<string, string>;
  fileName: string;
  contentType: string;
  stream: Readable;
}

const noFile = () => new BadRequestException(problem(MSG.storage.noFile, 'VALIDATION'));

/**
 * Reads a multipart form whose `file` field is handed to `handle` as a stream while it arrives (nothing is
 * buffered). Fields after the file are not seen. When `handle` refuses, the rest of the upload is not read:
 * the answer goes at once and the connection closes.
 */
export function readFileForm<T>(req: Request, handle: (form: FileForm) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fields: 20, fieldSize: 4096, parts: 30 } });
    } catch {
      reject(noFile());
      return;
    }
    const fields: Record<string, string> = {};
    let work: Promise<T> | null = null;
    const fail = (error: unknown) => {
      req.unpipe(parser);
      req.res?.setHeader('Connection', 'close');
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    // The parser's events come from the socket's async context, not the request's: bind them back to it, so
    // request-scoped state (the ORM's request context) is the request's inside `handle`.
    parser.on(
      'file',
      AsyncResource.bind((name: string, stream: Readable, info: busboy.FileInfo) => {
        if (name !== 'file' || work) {
          stream.resume();
          return;
        }
        work = handle({ fields, fileName: info.filename ?? '', contentType: info.mimeType ?? '', stream });
        work.then(resolve, (error: unknown) => {
          stream.resume();
          fail(error);
        });
      }),
    );
    parser.on('close', () => {
      if (!work) reject(noFile());
    });
    parser.on('error', () => fail(new BadRequestException(problem(MSG.storage.uploadFailed, 'VALIDATION'))));
    req.on('aborted', () => fail(new BadRequestException(problem(MSG.storage.uploadFailed, 'VALIDATION'))));
    req.pipe(parser);
  });
}
