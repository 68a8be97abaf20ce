// A process of the stack that ended before it was ready: the launcher shows the end of its log, which
// usually says why (a bad setting, a port in use, a crash's stack trace).
import { readFileSync } from 'node:fs';

/** The last lines of a log file, indented for the console; empty when there is none. */
export function logTail(file: string, lines = 25): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  return text
    .trimEnd()
    .split('\n')
    .slice(-lines)
    .map((line) => `    ${line}`)
    .join('\n');
}

/** A process that ended before it was ready: the error carries the end of its log. */
export class StartupError extends Error {
  constructor(
    readonly processName: string,
    readonly logFile: string | undefined,
    reason: string,
  ) {
    const tail = logFile ? logTail(logFile) : '';
    super(
      `${processName} ${reason}` + (logFile ? `; the end of ${logFile}:\n${tail || '    (the log is empty)'}` : ''),
    );
    this.name = 'StartupError';
  }
}
