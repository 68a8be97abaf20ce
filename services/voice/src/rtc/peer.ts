// The service's end of the call's RTCPeerConnection (werift): it answers the browser's offer with one Opus
// audio m-line, send and receive, and trickles candidates both ways. Its UDP ports come from one range
// (VOICE_RTC_PORT_MIN/MAX) so that a deployment opens exactly those. The browser's mDNS candidates are
// dropped; the connection forms through the peer-reflexive candidates ICE learns (candidates.ts).
import {
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type RTCIceServer,
  type RTCRtpTransceiver,
} from 'werift';
import type { Logger } from '@hhp/kit';
import type { IceCandidate, IceServer } from '@hhp/proto';
import { SAMPLE_RATE } from '../engine/engine.js';
import { isMdnsCandidate, usableOffer } from './candidates.js';
import { OpusDecoder, OpusEncoder } from './opus.js';
import { Playout } from './playout.js';

type PeerState = 'connected' | 'failed' | 'closed';

export interface PeerOptions {
  iceServers: readonly IceServer[];
  portRange: [number, number];
  logger: Logger;
  /** A candidate of the service's to send to the browser (null: no more). */
  onCandidate(candidate: IceCandidate): void;
  /** An inbound RTP packet arrived (counted for the rate limit before it is decoded). */
  onPacket(): void;
  /** One decoded frame of the visitor's microphone. */
  onAudio(frame: Int16Array): void;
  onState(state: PeerState): void;
}

/** werift takes one URL per server. */
function weriftIceServers(servers: readonly IceServer[]): RTCIceServer[] {
  return servers.flatMap(({ urls, username, credential }) =>
    (Array.isArray(urls) ? urls : [urls]).map((url) => ({
      urls: url,
      ...(username !== undefined ? { username } : {}),
      ...(credential !== undefined ? { credential } : {}),
    })),
  );
}

export class Peer {
  private readonly pc: RTCPeerConnection;
  private readonly decoder = new OpusDecoder();
  private readonly encoder = new OpusEncoder();
  private readonly playout: Playout;
  private transceiver: RTCRtpTransceiver | undefined;
  /** Candidates that came before the offer: added once it is answered. */
  private pending: IceCandidate[] | undefined = [];
  private closed = false;

  constructor(private readonly options: PeerOptions) {
    this.pc = new RTCPeerConnection({
      codecs: {
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: SAMPLE_RATE, channels: 2 })],
        video: [],
      },
      iceServers: weriftIceServers(options.iceServers),
      icePortRange: options.portRange,
    });
    this.playout = new Playout({
      encoder: this.encoder,
      send: (payload, fields) => {
        const sender = this.transceiver?.sender;
        if (!sender || this.closed) return;
        const header = new RtpHeader({ ...fields, ssrc: sender.ssrc, payloadType: sender.codec?.payloadType ?? 111 });
        sender.sendRtp(new RtpPacket(header, payload)).catch((err: unknown) => {
          options.logger.debug({ err }, 'rtp not sent');
        });
      },
    });
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (this.closed) return;
      options.onCandidate(candidate ? (candidate.toJSON() as IceCandidate) : null);
    });
    this.pc.connectionStateChange.subscribe((state) => {
      options.logger.info({ state }, 'peer connection');
      if (state === 'connected' || state === 'failed' || state === 'closed') options.onState(state);
    });
    this.pc.onTrack.subscribe((track) => {
      if (track.kind !== 'audio') return;
      track.onReceiveRtp.subscribe((packet) => {
        if (this.closed) return;
        options.onPacket();
        if (this.closed || packet.payload.length === 0) return;
        try {
          options.onAudio(this.decoder.decode(packet.payload));
        } catch (err) {
          options.logger.debug({ err }, 'opus packet not decoded');
        }
      });
    });
  }

  /** Answers the browser's offer: its audio is received, and the service's audio is sent on the same m-line. */
  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: usableOffer(offerSdp) });
    const audio = this.pc.getTransceivers().find((t) => t.kind === 'audio');
    if (!audio) throw new Error('the offer has no audio');
    audio.setDirection('sendrecv');
    this.transceiver = audio;
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    const waiting = this.pending ?? [];
    this.pending = undefined;
    for (const candidate of waiting) await this.addCandidate(candidate);
    return this.pc.localDescription!.sdp;
  }

  /** A candidate of the browser's (trickled). */
  async addCandidate(candidate: IceCandidate): Promise<void> {
    if (this.pending) {
      this.pending.push(candidate);
      return;
    }
    // Neither the end of the candidates nor an mDNS name is passed on (candidates.ts).
    if (!candidate || !candidate.candidate || isMdnsCandidate(candidate.candidate)) return;
    try {
      await this.pc.addIceCandidate({
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid ?? undefined,
        sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
        usernameFragment: candidate.usernameFragment ?? undefined,
      });
    } catch (err) {
      this.options.logger.debug({ err }, 'remote candidate not added');
    }
  }

  play(pcm: Int16Array): Promise<void> {
    return this.playout.play(pcm);
  }

  stopPlayback(): void {
    this.playout.stop();
  }

  get playing(): boolean {
    return this.playout.playing;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.playout.close();
    try {
      await this.pc.close();
    } finally {
      this.decoder.close();
      this.encoder.close();
    }
  }
}
