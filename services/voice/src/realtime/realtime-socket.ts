// One call's WebSocket to OpenAI's Realtime API, from the server: the API key goes in the Authorization header
// of this connection and nowhere else (the browser only ever talks to the voice service). Events sent before
// the socket is open wait for it (the session's set-up first, then the visitor's first audio), up to a bound.
import { WebSocket } from 'ws';
import type { Logger } from '@hhp/kit';
import { parseServerEvent, type RealtimeClientEvent, type RealtimeServerEvent } from './realtime-events.js';

/** Events held while the socket opens: about 4 s of audio; beyond it the visitor's audio is dropped. */
const MAX_PENDING = 200;
/** The socket must be open within this. */
const OPEN_TIMEOUT_MS = 10_000;

export interface RealtimeSocketOptions {
  /** ws:// or wss://, with `?model=`. */
  url: string;
  apiKey: string;
  logger: Logger;
  onEvent(event: RealtimeServerEvent): void;
  /** The socket closed or failed without `close()` having been called: the call cannot go on. */
  onLost(reason: string): void;
}

export class RealtimeSocket {
  private readonly ws: WebSocket;
  private pending: string[] | undefined = [];
  private closing = false;

  constructor(private readonly options: RealtimeSocketOptions) {
    this.ws = new WebSocket(options.url, {
      headers: { Authorization: `Bearer ${options.apiKey}` },
      handshakeTimeout: OPEN_TIMEOUT_MS,
      maxPayload: 16 * 1024 * 1024,
    });
    this.ws.on('open', () => {
      for (const data of this.pending ?? []) this.ws.send(data);
      this.pending = undefined;
    });
    this.ws.on('message', (data) => this.receive(String(data)));
    this.ws.on('unexpected-response', (_req, res) => {
      this.lost(`the Realtime API answered the upgrade with ${res.statusCode}`);
      this.ws.terminate();
    });
    this.ws.on('error', (err) => this.lost(`the Realtime socket failed: ${err.message}`));
    this.ws.on('close', (code) => this.lost(`the Realtime socket closed (${code})`));
  }

  send(event: RealtimeClientEvent): void {
    if (this.closing) return;
    const data = JSON.stringify(event);
    if (!this.pending) {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
      return;
    }
    if (this.pending.length < MAX_PENDING || event.type !== 'input_audio_buffer.append') this.pending.push(data);
  }

  close(): void {
    if (this.closing) return;
    this.closing = true;
    this.pending = undefined;
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close(1000);
  }

  private receive(text: string): void {
    let event: RealtimeServerEvent;
    try {
      event = parseServerEvent(text);
    } catch (err) {
      // Logged by its place in the protocol only: the frame may hold the visitor's words.
      this.options.logger.warn({ issues: describe(err) }, 'a Realtime event did not match its schema; ignored');
      return;
    }
    this.options.onEvent(event);
  }

  private lost(reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.pending = undefined;
    this.options.onLost(reason);
  }
}

function describe(err: unknown): string {
  if (err instanceof SyntaxError) return 'not JSON';
  const issues = (err as { issues?: { path: PropertyKey[]; code: string }[] }).issues;
  return issues ? issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.code}`).join('; ') : 'unknown';
}
