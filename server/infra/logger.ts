import { pino, type DestinationStream, type Logger } from 'pino';

/** The levels LOG_LEVEL takes, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * The server's structured log: one JSON line per event on stdout, with pino. `level` is a word ("info"), `time` an
 * ISO instant, `msg` what happened, and the event's fields beside them (a request's id, tenant and user; an error's
 * type, message and stack). LOG_LEVEL sets the least level written (info by default).
 * @example createLogger('warn').error({ err, requestId }, 'request failed')
 */
export function createLogger(level: string = process.env.LOG_LEVEL || 'info', destination?: DestinationStream): Logger {
  const options = {
    level: (LOG_LEVELS as readonly string[]).includes(level) ? level : 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The process's logger, for what has no request of its own (a scheduler tick, a webhook delivery, a job). */
export const log = createLogger();
