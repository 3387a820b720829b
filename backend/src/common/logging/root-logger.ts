import { pino, type DestinationStream, type LogFn, type Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';
import { withoutUrlQueries } from './url-queries';

/**
 * Fields whose value never reaches a log line, at the top of a logged object or one level down. A safety net:
 * nothing logs bodies, headers or entities, but a future `logger.warn({ dto })` must not print a password, a
 * token or a therapist's notes.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'old_password',
  'new_password',
  'token',
  'access_token',
  'notas',
  'observaciones',
  'notas_terapeuticas',
  'notas_paciente',
  'genero',
  'plan_tratamiento',
  'analisis_ia',
  'analisis_ia_paciente',
  'transcripcion',
];

/** The process's one pino logger: every Nest `Logger`, every request line and every job writes through it. */
export function createRootLogger(config: AppConfig['log'], out: NodeJS.WritableStream = process.stdout): Logger {
  const options = {
    level: config.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: '[redacted]' },
    hooks: {
      // A message may quote an error that quotes a URL (a command's input): never its query, which may be a signature.
      logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn) {
        method.apply(this, args.map((arg: unknown) => (typeof arg === 'string' ? withoutUrlQueries(arg) : arg)) as Parameters<LogFn>);
      },
    },
  };
  return config.format === 'json' ? pino(options, pino.destination({ dest: 1, sync: true })) : pino(options, readableLines(out));
}

const STANDARD = new Set(['level', 'time', 'pid', 'hostname', 'context', 'msg', 'request_id']);

/** LOG_FORMAT=text: `12:00:00.000 WARN [Context] message (request id) {other fields}`, for a terminal. */
function readableLines(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      const record = JSON.parse(line) as Record<string, unknown>;
      const level = (pino.levels.labels[record.level as number] ?? String(record.level)).toUpperCase();
      const extra = Object.fromEntries(Object.entries(record).filter(([key]) => !STANDARD.has(key)));
      const parts = [
        String(record.time).slice(11, 23),
        level.padEnd(5),
        record.context ? `[${String(record.context)}]` : '',
        record.msg === undefined ? '' : String(record.msg),
        record.request_id ? `(${String(record.request_id)})` : '',
        Object.keys(extra).length > 0 ? JSON.stringify(extra) : '',
      ];
      out.write(`${parts.filter(Boolean).join(' ')}\n`);
    },
  };
}
