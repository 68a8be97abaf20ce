// One /ws socket: every frame checked against proto's VoiceClientMessage (anything else closes it with 1008
// and the reason), `start` opens a call when there is an engine, a free slot and room for the visitor's
// address, then the offer, the answer and the candidates flow, until either side ends it. A socket is counted
// against its address while it is open, and closed if it sends no `start` in time: a page sends it as soon
// as the socket opens. Every log line carries the session id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestContext, WebSocket } from '@hhp/kit';
import {
  VOICE_CLOSE_BAD_FRAME,
  VOICE_CLOSE_TRY_AGAIN_LATER,
  type IceServer,
  type VoiceClientMessage,
  type VoiceServerMessage,
} from '@hhp/proto';
import type { VoiceEngine } from '../engine/engine.js';
import { CallProtocolError, VoiceCall } from '../calls/call.js';
import type { CallEvents } from '../calls/call-events.js';
import { inWords, limitMessage, type CallLimits, type SessionSlots } from '../calls/limits.js';
import type { PerAddress } from '../calls/per-address.js';
import { closeReason, parseFrame } from './frames.js';
import { keepAlive } from './keepalive.js';

const UNAVAILABLE_MESSAGE = 'Failed to connect to voice chat service.';
const NORMAL_CLOSURE = 1000;
/** How long a refused socket's peer has to answer the close. */
const REFUSED_GRACE_MS = 2000;

export interface VoiceSocketDeps {
  /** Undefined: no engine is configured, and every call is told the service is unavailable. */
  engine: VoiceEngine | undefined;
  slots: SessionSlots;
  /** What one client address holds: its open sockets, and its calls. */
  perAddress: { sockets: PerAddress; calls: PerAddress };
  limits: CallLimits;
  /** The ICE servers the browser is given for one call (the static ones, and a TURN credential of its own). */
  iceServers: (sessionId: string) => IceServer[];
  /**
   * The ICE servers the service's own end gathers with: the static ones only. A call's minted TURN credential
   * is the browser's: the service's candidates are reached through the browser's relay, and gathering a relay
   * of its own would hold every answer back while a TURN server is down (werift waits for the allocation).
   */
  serviceIceServers: readonly IceServer[];
  portRange: [number, number];
  pingIntervalMs: number;
  events: CallEvents;
  /** The calls in progress (ended all at once on shutdown). */
  calls: Set<VoiceCall>;
}

export function voiceSocket(deps: VoiceSocketDeps) {
  return (socket: WebSocket, req: IncomingMessage, context: RequestContext): void => {
    const sessionId = randomUUID();
    const logger = context.logger.child({ sessionId });
    const address = context.clientAddress;
    let call: VoiceCall | undefined;
    let refused = false;

    const send = (message: VoiceServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const close = (code: number, reason: string) => {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    };
    const violation = (reason: string) => {
      logger.warn({ reason }, 'voice frame refused');
      close(VOICE_CLOSE_BAD_FRAME, closeReason(reason));
      void call?.end('error');
    };

    const tooMany = (what: 'connections' | 'calls') => {
      refused = true;
      logger.warn({ what }, `voice ${what} refused: too many from one address`);
      send({ type: 'limit', reason: 'address', message: limitMessage('address', deps.limits) });
      close(VOICE_CLOSE_TRY_AGAIN_LATER, `Too many voice ${what} from your network`);
    };

    const start = (message: Extract<VoiceClientMessage, { type: 'start' }>) => {
      if (!deps.engine) {
        refused = true;
        send({ type: 'unavailable', message: UNAVAILABLE_MESSAGE });
        return close(NORMAL_CLOSURE, 'Voice is unavailable');
      }
      const place = deps.perAddress.calls.take(address);
      if (!place) return tooMany('calls');
      if (!deps.slots.take()) {
        place();
        refused = true;
        logger.warn({ calls: deps.slots.size }, 'voice call refused: every slot is taken');
        send({ type: 'limit', reason: 'sessions', message: limitMessage('sessions', deps.limits) });
        return close(NORMAL_CLOSURE, 'Too many voice calls');
      }
      const iceServers = deps.iceServers(sessionId);
      let opened: VoiceCall;
      try {
        opened = new VoiceCall({
          sessionId,
          guestId: message.guestId ?? undefined,
          cookieHeader: req.headers.cookie,
          clientAddress: context.clientAddress,
          logger,
          engine: deps.engine,
          limits: deps.limits,
          iceServers: deps.serviceIceServers,
          portRange: deps.portRange,
          events: deps.events,
          send,
          close: () => close(NORMAL_CLOSURE, 'Call ended'),
          onEnded: () => {
            deps.slots.release();
            place();
            deps.calls.delete(opened);
          },
        });
      } catch (err) {
        refused = true;
        deps.slots.release();
        place();
        logger.error({ err }, 'voice call could not start');
        send({ type: 'unavailable', message: UNAVAILABLE_MESSAGE });
        return close(NORMAL_CLOSURE, 'Voice is unavailable');
      }
      call = opened;
      deps.calls.add(opened);
      send({
        type: 'session',
        sessionId,
        iceServers,
        maxSeconds: deps.limits.maxSeconds,
        idleSeconds: deps.limits.idleSeconds,
      });
    };

    const handle = async (message: VoiceClientMessage) => {
      if (refused) return;
      if (message.type === 'start') {
        if (call) return violation('The call has already started');
        clearTimeout(startDeadline);
        return start(message);
      }
      if (message.type === 'end') {
        if (call) return call.end('visitor');
        return close(NORMAL_CLOSURE, 'Call ended');
      }
      if (!call) return violation(`Send start before ${message.type}`);
      if (message.type === 'offer') return call.offer(message.sdp);
      return call.candidate(message.candidate);
    };

    const socketPlace = deps.perAddress.sockets.take(address);
    if (!socketPlace) {
      tooMany('connections');
      // Uncounted now: a peer that does not answer the close is not waited for as long as ws would (30 s).
      const cut = setTimeout(() => socket.terminate(), REFUSED_GRACE_MS);
      socket.once('close', () => clearTimeout(cut));
      return;
    }
    socket.once('close', () => socketPlace());
    // The page sends `start` as soon as the socket opens: one that does not is no call, and holds a place.
    const startDeadline = setTimeout(() => {
      logger.info('voice socket sent no start');
      close(VOICE_CLOSE_BAD_FRAME, `No start within ${inWords(deps.limits.setupSeconds)}`);
    }, deps.limits.setupSeconds * 1000);
    socket.once('close', () => clearTimeout(startDeadline));

    keepAlive(socket, deps.pingIntervalMs, () => {
      logger.info('voice socket did not answer its ping');
      void call?.end('connection');
    });
    socket.on('message', (data, isBinary) => {
      const parsed = parseFrame(data, isBinary);
      if (!parsed.ok) return violation(parsed.reason);
      handle(parsed.message).catch((err: unknown) => {
        if (err instanceof CallProtocolError) return violation(err.message);
        logger.error({ err }, 'voice message failed');
        void call?.end('error');
      });
    });
    socket.once('close', () => void call?.end('visitor'));
  };
}
