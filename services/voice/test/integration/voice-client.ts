// A browser's side of a voice call, in Node: the /ws socket and a werift RTCPeerConnection that sends
// Opus RTP (paced in real time, as a microphone) and decodes what it receives.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import type { IceServer, VoiceServerMessage } from '@hhp/proto';
import { OpusDecoder, OpusEncoder } from '../../src/rtc/opus.js';
import { rms } from './echo-engine.js';

export const ORIGIN = 'http://localhost:8080';

/** `autoPong: false`: a client that never answers pings (a dead peer). */
export function openSocket(url: string, origin: string | null = ORIGIN, { autoPong = true } = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { autoPong, ...(origin ? { headers: { origin } } : {}) });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

/** The socket's messages, kept in order, and its close. */
export class Signalling {
  readonly messages: VoiceServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as VoiceServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message of `type` (received or to come). */
  async next<T extends VoiceServerMessage['type']>(
    type: T,
    timeoutMs = 10_000,
  ): Promise<Extract<VoiceServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.type === type);
      if (found) return found as Extract<VoiceServerMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} in ${JSON.stringify(this.messages.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}

/**
 * Chromium's way of hiding a page's addresses: each host candidate's address becomes a random `.local` name
 * (mDNS), which the service cannot resolve; it must connect through the peer-reflexive candidate it learns.
 */
export function hideAddresses(text: string, names: Map<string, string>): string {
  return text.replace(
    /(candidate:\S+ \d+ \S+ \d+ )(\S+)( \d+ typ host)/g,
    (_all, head: string, address: string, tail: string) => {
      if (!names.has(address)) names.set(address, `${randomUUID()}.local`);
      return `${head}${names.get(address)!}${tail}`;
    },
  );
}

export class VoiceClient {
  private readonly names = new Map<string, string>();
  /** The offer and candidates as sent to the service. */
  readonly sent: string[] = [];

  readonly pc: RTCPeerConnection;
  readonly transceiver: RTCRtpTransceiver;
  /** Inbound packets, and those whose decoded audio had sound. */
  received = { packets: 0, loud: 0 };
  /** Called with the arrival time (performance.now()) of each inbound packet whose audio has sound. */
  onLoudPacket: ((at: number) => void) | undefined;
  // One RTP stream for the whole call, as a microphone's: SRTP's replay check drops a sequence number seen before.
  private sequenceNumber = 1000;
  private timestamp = 5000;
  private closed = false;
  private readonly decoder = new OpusDecoder();
  private readonly encoder = new OpusEncoder();

  constructor(
    readonly signalling: Signalling,
    private readonly options: {
      mdns?: boolean;
      /** The browser's ICE servers (the `session`'s), and whether only relays may be used (a strict NAT). */
      iceServers?: IceServer[];
      relayOnly?: boolean;
    } = {},
  ) {
    this.pc = new RTCPeerConnection({
      codecs: {
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
        video: [],
      },
      iceServers: (options.iceServers ?? []).map((s) => ({
        urls: String(s.urls),
        username: s.username,
        credential: s.credential,
      })),
      iceTransportPolicy: options.relayOnly ? 'relay' : 'all',
    });
    this.transceiver = this.pc.addTransceiver('audio', { direction: 'sendrecv' });
    this.pc.onIceCandidate.subscribe((c) => {
      const candidate = c ? c.toJSON() : null;
      if (candidate && options.mdns) candidate.candidate = hideAddresses(candidate.candidate, this.names);
      if (candidate) this.sent.push(candidate.candidate);
      signalling.send({ type: 'candidate', candidate });
    });
    this.pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((packet) => {
        // Packets still arriving after close() would reach a closed decoder.
        if (this.closed) return;
        const at = performance.now();
        this.received.packets++;
        if (rms(this.decoder.decode(packet.payload)) > 500) {
          this.received.loud++;
          this.onLoudPacket?.(at);
        }
      }),
    );
    signalling.ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as VoiceServerMessage;
      if (message.type === 'candidate' && message.candidate)
        void this.pc.addIceCandidate({
          candidate: message.candidate.candidate,
          sdpMid: message.candidate.sdpMid ?? undefined,
          sdpMLineIndex: message.candidate.sdpMLineIndex ?? undefined,
        });
    });
  }

  /** Offer, answer, candidates; resolves once the peer connection is connected. */
  async connect(): Promise<void> {
    const connected = new Promise<void>((resolve, reject) =>
      this.pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') resolve();
        if (state === 'failed') reject(new Error('peer connection failed'));
      }),
    );
    await this.pc.setLocalDescription(await this.pc.createOffer());
    const local = this.pc.localDescription!.sdp;
    const sdp = this.options.mdns ? hideAddresses(local, this.names) : local;
    this.sent.push(sdp);
    this.signalling.send({ type: 'offer', sdp });
    const answer = await this.signalling.next('answer');
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    await connected;
  }

  /**
   * Sends `pcm` as a microphone would: one 20 ms Opus packet every 20 ms, continuing the call's RTP stream.
   * Returns when each packet was sent (performance.now()): packet n carries samples 960n to 960n + 959.
   */
  async speak(pcm: Int16Array): Promise<number[]> {
    const start = performance.now();
    const sentAt: number[] = [];
    for (let offset = 0, n = 0; offset < pcm.length; offset += 960, n++) {
      const payload = this.encoder.encode(pcm.subarray(offset, offset + 960));
      const header = new RtpHeader({
        payloadType: 96,
        sequenceNumber: this.sequenceNumber,
        timestamp: this.timestamp,
        ssrc: 4242,
      });
      this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff;
      this.timestamp = (this.timestamp + 960) >>> 0;
      await this.transceiver.sender.sendRtp(new RtpPacket(header, payload));
      sentAt.push(performance.now());
      const due = start + (n + 1) * 20;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    return sentAt;
  }

  /** Sends `count` packets as fast as it can (a flood). */
  async flood(count: number, pcm: Int16Array): Promise<void> {
    const payload = this.encoder.encode(pcm.subarray(0, 960));
    for (let i = 0; i < count; i++) {
      const header = new RtpHeader({ payloadType: 96, sequenceNumber: i & 0xffff, timestamp: i * 960, ssrc: 4343 });
      await this.transceiver.sender.sendRtp(new RtpPacket(header, payload));
    }
  }

  /** Hangs up as the page does: the peer connection and the socket (the call's place is the socket's). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.signalling.ws.readyState === this.signalling.ws.OPEN) this.signalling.ws.close();
    await this.pc.close();
    this.decoder.close();
    this.encoder.close();
  }
}
