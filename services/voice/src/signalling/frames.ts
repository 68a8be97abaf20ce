// Every frame the browser sends is one of proto's VoiceClientMessage, as JSON text; anything else closes the
// socket with 1008 and says why (the reason fits a close frame's 123 bytes).
import { VoiceClientMessage } from '@hhp/proto';

export type ParsedFrame = { ok: true; message: VoiceClientMessage } | { ok: false; reason: string };

/** The longest close reason a close frame carries (125 bytes less the code's 2). */
const MAX_REASON_BYTES = 123;

export function parseFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ParsedFrame {
  if (isBinary) return { ok: false, reason: 'Binary frames are not accepted' };
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Not JSON' };
  }
  const parsed = VoiceClientMessage.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, reason: closeReason(`Not a voice message${where}: ${issue.message}`) };
}

/** Cuts a reason to what a close frame can carry, on a character boundary. */
export function closeReason(text: string): string {
  if (Buffer.byteLength(text) <= MAX_REASON_BYTES) return text;
  let cut = text;
  while (Buffer.byteLength(`${cut}…`) > MAX_REASON_BYTES) cut = cut.slice(0, -1);
  return `${cut}…`;
}
