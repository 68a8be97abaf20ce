// One voice call, from `start` to `ended`: the peer connection, the engine's call, the limits on a clock,
// the events. However it ends (the visitor, a limit, the connection, the engine, shutdown), it ends once:
// a limit is said (shown, and spoken when the engine can), `ended` is sent, the socket closed, the peer
// connection, the engine's call and the call's slot released, and voice.v1.session-ended published.
import type { Logger } from '@hhp/kit';
import type { IceCandidate, IceServer, VoiceEndReason, VoiceServerMessage } from '@hhp/proto';
import type { EngineCall, VoiceEngine } from '../engine/engine.js';
import { Peer } from '../rtc/peer.js';
import type { CallEvents } from './call-events.js';
import {
  PacketRate,
  limitMessage,
  setupTimeOver,
  timeLimitReached,
  type CallLimits,
  type LimitReason,
} from './limits.js';

/** How long an engine may take to speak a limit's message before the call ends anyway. */
const SAY_LIMIT_MS = 8000;
/** How often the time limits are checked. */
const CHECK_EVERY_MS = 1000;

export interface CallDeps {
  sessionId: string;
  guestId: string | undefined;
  cookieHeader: string | undefined;
  /** The visitor's address, as the kit read it from the upgrade request (X-Forwarded-For from trusted proxies). */
  clientAddress: string;
  logger: Logger;
  engine: VoiceEngine;
  limits: CallLimits;
  iceServers: readonly IceServer[];
  portRange: [number, number];
  events: CallEvents;
  send(message: VoiceServerMessage): void;
  /** Closes the socket (after `ended` was sent). */
  close(): void;
  /** The call is over: its slot is free. */
  onEnded(): void;
  now?: () => number;
}

export class VoiceCall {
  readonly sessionId: string;
  private readonly peer: Peer;
  private readonly engineCall: EngineCall;
  private readonly rate: PacketRate;
  private readonly startedAt: number;
  private lastActivityAt: number;
  private turns = 0;
  /** The browser's offer came (one per call). */
  private offered = false;
  /** The peer connection has been connected. */
  private connected = false;
  private ending: Promise<void> | undefined;
  /** Set once the call says `ended`: the engine's messages and audio go nowhere after it. */
  private silenced = false;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly deps: CallDeps) {
    this.sessionId = deps.sessionId;
    this.now = deps.now ?? Date.now;
    this.startedAt = this.lastActivityAt = this.now();
    this.rate = new PacketRate(deps.limits.maxPacketsPerSecond);
    const { logger } = deps;
    this.peer = new Peer({
      iceServers: deps.iceServers,
      portRange: deps.portRange,
      logger,
      onCandidate: (candidate) => deps.send({ type: 'candidate', candidate }),
      onPacket: () => {
        if (this.rate.count(this.now())) void this.end('rate', 'rate');
      },
      onAudio: (frame) => {
        if (!this.ending) this.engineCall.audio(frame);
      },
      onState: (state) => {
        if (state === 'connected') {
          this.connected = true;
          deps.send({ type: 'state', state: 'listening' });
        } else void this.end('connection');
      },
    });
    this.engineCall = this.openEngine();
    this.timer = setInterval(() => this.checkTime(), CHECK_EVERY_MS);
    deps.events.started({ sessionId: deps.sessionId, engine: deps.engine.name });
    logger.info({ engine: deps.engine.name }, 'voice call started');
  }

  /** The engine's side of the call; when the engine cannot take it, the peer connection is closed too. */
  private openEngine(): EngineCall {
    const { deps } = this;
    try {
      return deps.engine.open({
        sessionId: deps.sessionId,
        guestId: deps.guestId,
        cookieHeader: deps.cookieHeader,
        clientAddress: deps.clientAddress,
        logger: deps.logger,
        send: (message) => {
          if (!this.silenced) deps.send(message);
        },
        play: (pcm) => {
          if (this.silenced) return Promise.resolve();
          this.activity();
          return this.peer.play(pcm);
        },
        stopPlayback: () => this.peer.stopPlayback(),
        activity: () => this.activity(),
        turn: () => {
          this.turns++;
        },
        end: (reason) => void this.end(reason),
      });
    } catch (err) {
      void this.peer.close();
      throw err;
    }
  }

  /** The browser's offer: answered once. */
  async offer(sdp: string): Promise<void> {
    if (this.offered) throw new CallProtocolError('Only one offer per call');
    this.offered = true;
    try {
      const answer = await this.peer.answer(sdp);
      if (!this.ending) this.deps.send({ type: 'answer', sdp: answer });
    } catch (err) {
      this.deps.logger.warn({ err }, 'offer not answered');
      this.deps.send({ type: 'error', message: 'The call could not be set up.' });
      await this.end('error');
    }
  }

  candidate(candidate: IceCandidate): Promise<void> {
    return this.peer.addCandidate(candidate);
  }

  /** Ends the call (once; later calls wait for the first). `limit`: a limit ended it, and the visitor is told. */
  end(reason: VoiceEndReason, limit?: LimitReason): Promise<void> {
    this.ending ??= this.finish(reason, limit);
    return this.ending;
  }

  private activity(): void {
    this.lastActivityAt = this.now();
  }

  private checkTime(): void {
    const { startedAt, offered, connected } = this;
    // Not set up in time: the peer connection never formed, so the call ends as a connection that failed.
    if (setupTimeOver(this.now(), { startedAt, offered, connected }, this.deps.limits)) {
      return void this.end('connection', 'setup');
    }
    const reached = timeLimitReached(
      this.now(),
      { startedAt: this.startedAt, lastActivityAt: this.peer.playing ? this.now() : this.lastActivityAt },
      this.deps.limits,
    );
    if (reached) void this.end(reached, reached);
  }

  private async finish(reason: VoiceEndReason, limit: LimitReason | undefined): Promise<void> {
    const { deps } = this;
    clearInterval(this.timer);
    deps.logger.info({ reason }, 'voice call ending');
    try {
      if (limit) {
        const message = limitMessage(limit, deps.limits);
        deps.send({ type: 'limit', reason: limit, message });
        // Said only where there is someone to hear it: a call that never connected has no audio.
        if (limit !== 'rate' && this.connected && this.engineCall.sayLimit) await this.sayLimit(message);
      }
      this.silenced = true;
      this.peer.stopPlayback();
      deps.send({ type: 'ended', reason });
      deps.close();
    } finally {
      this.silenced = true;
      try {
        this.engineCall.close();
      } catch (err) {
        deps.logger.error({ err }, 'engine call did not close');
      }
      await this.peer.close().catch((err: unknown) => deps.logger.warn({ err }, 'peer connection did not close'));
      deps.onEnded();
      deps.events.ended({
        sessionId: deps.sessionId,
        engine: deps.engine.name,
        durationSeconds: (this.now() - this.startedAt) / 1000,
        turns: this.turns,
        reason,
      });
      deps.logger.info({ reason, turns: this.turns }, 'voice call ended');
    }
  }

  private async sayLimit(message: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.engineCall.sayLimit!(message).catch((err: unknown) =>
        this.deps.logger.warn({ err }, 'limit message not spoken'),
      ),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SAY_LIMIT_MS))),
    ]);
    clearTimeout(timer);
  }
}

/** The browser broke the protocol's order (an offer before `start`, a second offer): the socket closes with 1008. */
export class CallProtocolError extends Error {}
