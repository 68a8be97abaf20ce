import type { VoiceServerMessage } from '@hhp/proto/voice';
import { texts } from '../../src/features/voice/texts';
import { startVoiceCall, voiceSocketUrl, type CallEnvironment } from '../../src/features/voice/voice-call';
import {
  crisisLinesBesideLimit,
  initialVoiceState,
  voiceReducer,
  type CallStatus,
  type VoiceEvent,
  type VoiceWidgetState,
} from '../../src/features/voice/voice-machine';

const run = (events: VoiceEvent[], from: VoiceWidgetState = initialVoiceState) => events.reduce(voiceReducer, from);
const message = (body: VoiceServerMessage): VoiceEvent => ({ type: 'message', message: body });
const QUOTA = { queriesUsed: 3, queriesAllowed: 3, isSubscriber: false };

describe('the voice widget state', () => {
  test('when a call starts and the service says it listens, then it is connected and listening, announced once', () => {
    const connecting = run([{ type: 'startPressed' }]);
    expect(connecting.status).toBe('connecting');
    expect(connecting.notice).toBeNull();
    const state = run([message({ type: 'state', state: 'listening' }), { type: 'connected' }], connecting);
    expect(state.status).toBe('connected');
    expect(state.activity).toBe('listening');
    expect(state.notice).toMatchObject({ kind: 'success', title: 'Voice chat connected' });
    expect(run([{ type: 'connected' }], state).notice).toBe(state.notice);
  });

  test('when the peer connection comes up first, then it is listening until the service says otherwise', () => {
    const state = run([{ type: 'startPressed' }, { type: 'connected' }]);
    expect(state.activity).toBe('listening');
    expect(run([message({ type: 'state', state: 'speaking' })], state).activity).toBe('speaking');
  });

  test('when captions grow, then each side has one line that is replaced until final, and a new one follows', () => {
    const state = run([
      { type: 'startPressed' },
      { type: 'connected' },
      message({ type: 'transcript', role: 'user', text: 'I have trouble', final: false }),
      message({ type: 'transcript', role: 'user', text: 'I have trouble sleeping', final: true }),
      message({ type: 'transcript', role: 'assistant', text: 'Good sleep', final: false }),
      message({ type: 'transcript', role: 'assistant', text: 'Good sleep starts', final: false }),
      message({ type: 'transcript', role: 'user', text: 'thanks', final: true }),
    ]);
    expect(state.captions.map(({ role, text, final }) => [role, text, final])).toEqual([
      ['user', 'I have trouble sleeping', true],
      ['assistant', 'Good sleep starts', false],
      ['user', 'thanks', true],
    ]);
    expect(new Set(state.captions.map((line) => line.id)).size).toBe(3);
  });

  test('when the service signals a crisis, then each signal counts as a raise and an emergency is kept', () => {
    const state = run([
      { type: 'startPressed' },
      { type: 'connected' },
      message({ type: 'crisis', isEmergency: false }),
      message({ type: 'crisis', isEmergency: true }),
      message({ type: 'crisis', isEmergency: false }),
    ]);
    expect(state.crisisRaises).toBe(3);
    expect(state.isEmergency).toBe(true);
  });

  test('when the free questions are used up, then the upgrade options show; for a subscriber never', () => {
    const connected = run([{ type: 'startPressed' }, { type: 'connected' }]);
    expect(run([message({ type: 'quota', quota: QUOTA, exceeded: true })], connected).upgrade).toBe(true);
    expect(
      run([message({ type: 'quota', quota: { ...QUOTA, queriesUsed: 2 }, exceeded: false })], connected).upgrade,
    ).toBe(false);
    const subscriber = { ...QUOTA, isSubscriber: true };
    expect(run([message({ type: 'quota', quota: subscriber, exceeded: true })], connected).upgrade).toBe(false);
  });

  test('when a limit ends the call, then its words stay and the call is closed as ended', () => {
    const state = run([
      { type: 'startPressed' },
      { type: 'connected' },
      message({ type: 'limit', reason: 'idle', message: 'The call ended after a minute of silence.' }),
      message({ type: 'ended', reason: 'idle' }),
    ]);
    expect(state.limit).toBe('The call ended after a minute of silence.');
    expect(state.status).toBe('closed');
    expect(state.activity).toBeNull();
    expect(state.notice).toMatchObject({ kind: 'success', title: 'Voice chat ended' });
  });

  // A crisis is never behind a limit (issue 26): wherever a limit's words show, the 988 and 741741 lines do too.
  test.each<[string, VoiceEvent[], CallStatus]>([
    [
      'every call slot is taken (the call cannot start)',
      [message({ type: 'limit', reason: 'sessions', message: 'Voice chat is busy right now.' }), { type: 'closed' }],
      'closed',
    ],
    [
      "the visitor's network holds too many calls (the call cannot start)",
      [message({ type: 'limit', reason: 'address', message: 'Too many voice calls.' }), { type: 'closed' }],
      'closed',
    ],
    [
      'the call was not connected in time',
      [message({ type: 'limit', reason: 'setup', message: 'Could not be connected in time.' }), { type: 'closed' }],
      'closed',
    ],
    [
      'the longest call is reached, while its words are still spoken',
      [{ type: 'connected' }, message({ type: 'limit', reason: 'duration', message: 'At most 10 minutes.' })],
      'connected',
    ],
    [
      'silence ends the call',
      [
        { type: 'connected' },
        message({ type: 'limit', reason: 'idle', message: 'Nothing was said.' }),
        message({ type: 'ended', reason: 'idle' }),
      ],
      'closed',
    ],
    [
      'too much audio ends the call',
      [
        { type: 'connected' },
        message({ type: 'limit', reason: 'rate', message: 'More audio than a microphone sends.' }),
        message({ type: 'ended', reason: 'rate' }),
      ],
      'closed',
    ],
    [
      'the free questions were used up, then a crisis was answered uncounted, then the call ended',
      [
        { type: 'connected' },
        message({ type: 'quota', quota: QUOTA, exceeded: true }),
        message({ type: 'quota', quota: QUOTA, exceeded: false }),
        message({ type: 'limit', reason: 'duration', message: 'At most 10 minutes.' }),
        message({ type: 'ended', reason: 'duration' }),
      ],
      'closed',
    ],
  ])('when %s, then the crisis lines show beside the limit', (_, events, status) => {
    const state = run([{ type: 'startPressed' }, ...events]);
    expect(state.status).toBe(status);
    expect(state.limit).not.toBeNull();
    expect(crisisLinesBesideLimit(state)).toBe(true);
  });

  test('when no limit has refused or ended the call, then no crisis lines are added; when the upgrade options show, they carry them', () => {
    const connected = run([{ type: 'startPressed' }, { type: 'connected' }]);
    expect(crisisLinesBesideLimit(initialVoiceState)).toBe(false);
    expect(crisisLinesBesideLimit(connected)).toBe(false);
    expect(crisisLinesBesideLimit(run([{ type: 'endPressed' }], connected))).toBe(false);
    const limited = run([message({ type: 'limit', reason: 'idle', message: 'Nothing was said.' })], connected);
    // A new call starts without the last one's limit.
    expect(
      crisisLinesBesideLimit(run([message({ type: 'ended', reason: 'idle' }), { type: 'startPressed' }], limited)),
    ).toBe(false);
    // The upgrade options show the lines themselves (UpgradePanel): not twice in one panel.
    const upgraded = run([message({ type: 'quota', quota: QUOTA, exceeded: true })], limited);
    expect(upgraded.upgrade).toBe(true);
    expect(crisisLinesBesideLimit(upgraded)).toBe(false);
  });

  test.each<[string, VoiceEvent[], { title: string; description?: string }]>([
    ['the microphone is refused', [{ type: 'microphoneFailed' }], texts.failed],
    ['the socket is refused', [{ type: 'closed' }], texts.connectionError],
    ['the socket cannot open', [{ type: 'connectFailed' }], texts.connectionError],
    ['the service is unavailable', [message({ type: 'unavailable', message: 'busy' })], texts.connectionError],
    ['the service reports an error before the call', [message({ type: 'error', message: 'x' })], texts.connectionError],
    ['the call breaks', [{ type: 'connected' }, { type: 'callFailed' }], texts.failed],
    ['the socket closes during the call', [{ type: 'connected' }, { type: 'closed' }], texts.ended],
  ])('when %s, then the call is closed with its message', (_, events, expected) => {
    const state = run([{ type: 'startPressed' }, ...events]);
    expect(state.status).toBe('closed');
    expect(state.notice).toMatchObject(expected);
  });

  test("when the texts are the specification's, then they are word for word", () => {
    expect(texts.connectionError).toEqual({
      title: 'Connection error',
      description: 'Failed to connect to voice chat service.',
    });
    expect(texts.failed).toEqual({
      title: 'Voice chat failed',
      description: 'Unable to access microphone or connect to service.',
    });
  });

  test('when the visitor ends the call, then later reports change nothing, and a new call starts afresh', () => {
    const ended = run([
      { type: 'startPressed' },
      { type: 'connected' },
      message({ type: 'transcript', role: 'user', text: 'hello', final: true }),
      message({ type: 'crisis', isEmergency: true }),
      { type: 'endPressed' },
    ]);
    expect(ended.notice).toMatchObject({ title: 'Voice chat ended' });
    expect(run([{ type: 'closed' }, message({ type: 'state', state: 'speaking' })], ended)).toBe(ended);
    const again = run([{ type: 'startPressed' }], ended);
    expect(again).toMatchObject({
      status: 'connecting',
      captions: [],
      isEmergency: false,
      upgrade: false,
      limit: null,
    });
    // The crisis count goes on: the widget compares it with the raises it has handled.
    expect(again.crisisRaises).toBe(1);
  });
});

// A stand-in for the browser's socket, microphone and peer connection: what the client sends, and hooks to
// play the service's part.
class FakeSocket extends EventTarget {
  readyState: number = WebSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = WebSocket.CLOSED;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  receive(body: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(body) }));
  }
  refuse() {
    this.readyState = WebSocket.CLOSED;
    this.dispatchEvent(new Event('error'));
    this.dispatchEvent(new Event('close'));
  }
}

class FakePeer extends EventTarget {
  config: RTCConfiguration;
  tracks: unknown[] = [];
  remote: RTCSessionDescriptionInit | undefined;
  candidates: unknown[] = [];
  closed = false;
  connectionState = 'new';
  constructor(config: RTCConfiguration) {
    super();
    this.config = config;
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  async createOffer() {
    return { type: 'offer', sdp: 'v=0 offer' };
  }
  async setLocalDescription() {}
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
  }
  async addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  connect() {
    this.connectionState = 'connected';
    this.dispatchEvent(new Event('connectionstatechange'));
  }
}

function fakeCall({ microphone = true } = {}) {
  const track = {
    stopped: false,
    stop() {
      this.stopped = true;
    },
  };
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
  const sockets: FakeSocket[] = [];
  const peers: FakePeer[] = [];
  const constraints: MediaStreamConstraints[] = [];
  const environment: CallEnvironment = {
    getUserMedia: async (asked) => {
      constraints.push(asked);
      if (!microphone) throw new DOMException('Permission denied', 'NotAllowedError');
      return stream;
    },
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    createPeerConnection: (config) => {
      const peer = new FakePeer(config);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
  };
  const audio = { pause() {}, play: async () => undefined, srcObject: null } as unknown as HTMLAudioElement;
  const events: VoiceEvent[] = [];
  const call = startVoiceCall({
    url: 'ws://portal/ws',
    guestId: 'g'.repeat(21),
    audio,
    environment,
    onEvent: (event) => void events.push(event),
  });
  return { call, track, sockets, peers, constraints, events };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the voice call client', () => {
  test('when the page is served over https, then the socket is wss on the same host', () => {
    expect(voiceSocketUrl({ protocol: 'https:', host: 'portal.example:8443' })).toBe('wss://portal.example:8443/ws');
    expect(voiceSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
  });

  test('when the service answers, then the client starts with the guestId, offers the microphone and trickles candidates', async () => {
    const { sockets, peers, constraints, events, track } = fakeCall();
    await settle();
    expect(constraints[0]?.audio).toMatchObject({ echoCancellation: true, noiseSuppression: true });
    const socket = sockets[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ type: 'start', guestId: 'g'.repeat(21) }]);

    const iceServers = [{ urls: 'stun:stun.example:3478' }];
    socket.receive({ type: 'session', sessionId: 's1', iceServers, maxSeconds: 600, idleSeconds: 60 });
    await settle();
    const peer = peers[0]!;
    expect(peer.config.iceServers).toEqual(iceServers);
    expect(peer.tracks).toEqual([track]);
    expect(socket.sent[1]).toEqual({ type: 'offer', sdp: 'v=0 offer' });

    // A candidate before the answer waits for it.
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    socket.receive({ type: 'candidate', candidate });
    await settle();
    expect(peer.candidates).toEqual([]);
    socket.receive({ type: 'answer', sdp: 'v=0 answer' });
    await settle();
    expect(peer.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    expect(peer.candidates).toEqual([candidate]);

    peer.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: { toJSON: () => candidate } }));
    peer.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: null }));
    expect(socket.sent.slice(2)).toEqual([
      { type: 'candidate', candidate },
      { type: 'candidate', candidate: null },
    ]);

    peer.connect();
    socket.receive({ type: 'transcript', role: 'user', text: 'hello', final: true });
    socket.receive({ type: 'no-such-message' });
    expect(events).toEqual([
      { type: 'connected' },
      { type: 'message', message: { type: 'transcript', role: 'user', text: 'hello', final: true } },
    ]);
  });

  test('when the visitor ends the call, then end is sent and the microphone, peer and socket are closed', async () => {
    const { call, sockets, peers, track } = fakeCall();
    await settle();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'session', sessionId: 's1', iceServers: [], maxSeconds: 600, idleSeconds: 60 });
    await settle();
    call.end();
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'end' });
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(peers[0]!.closed).toBe(true);
    expect(track.stopped).toBe(true);
  });

  test('when the service ends the call, then it is reported once and everything is closed', async () => {
    const { sockets, events, track } = fakeCall();
    await settle();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ended', reason: 'duration' });
    sockets[0]!.refuse();
    expect(events).toEqual([{ type: 'message', message: { type: 'ended', reason: 'duration' } }]);
    expect(track.stopped).toBe(true);
  });

  test('when the microphone is refused, then no socket is opened and the failure is reported', async () => {
    const { sockets, events } = fakeCall({ microphone: false });
    await settle();
    expect(sockets).toEqual([]);
    expect(events).toEqual([{ type: 'microphoneFailed' }]);
  });

  test('when the socket is refused, then it is reported once as closed and the microphone released', async () => {
    const { sockets, events, track } = fakeCall();
    await settle();
    sockets[0]!.refuse();
    expect(events).toEqual([{ type: 'closed' }]);
    expect(track.stopped).toBe(true);
  });

  test("when the service refuses the call as one too many from the visitor's network, then the widget keeps its words and says the call did not connect", async () => {
    const { sockets, events, track } = fakeCall();
    await settle();
    sockets[0]!.open();
    const words =
      'Too many voice calls are open from your network right now. Please end one, or try again in a few minutes, or type your question in the chat.';
    sockets[0]!.receive({ type: 'limit', reason: 'address', message: words });
    sockets[0]!.refuse();
    expect(events).toEqual([
      { type: 'message', message: { type: 'limit', reason: 'address', message: words } },
      { type: 'closed' },
    ]);
    expect(track.stopped).toBe(true);
    const state = run([{ type: 'startPressed' }, ...events]);
    expect(state.limit).toBe(words);
    expect(state.status).toBe('closed');
    expect(state.notice).toMatchObject(texts.connectionError);
  });

  test('when the call is ended before the microphone answers, then the microphone is released at once', async () => {
    const { call, sockets, track } = fakeCall();
    call.end();
    await settle();
    expect(sockets).toEqual([]);
    expect(track.stopped).toBe(true);
  });
});
