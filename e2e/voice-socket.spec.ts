// The voice call's socket through the stack's nginx (`location = /ws`, the upgrade headers passed on): the
// Origin check, the frame checks, and what `start` gets from the voice service as `npm start` runs it (the
// offline engine: a `session` with its limits). The call itself (WebRTC, Opus both ways, the spoken answer)
// is tested against the service in services/voice/test/integration.
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';

interface Closed {
  code: number;
  reason: string;
}

function open(url: string, origin: string): Promise<{ ws: WebSocket; messages: unknown[]; closed: Promise<Closed> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin } });
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closed = new Promise<Closed>((done) =>
      ws.once('close', (code, reason) => done({ code, reason: reason.toString('utf8') })),
    );
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

test.describe('the voice socket behind nginx', () => {
  test('when a page of another site opens /ws, then nginx passes on the 403; the portal itself is let in', async ({
    baseURL,
  }) => {
    const url = `${baseURL!.replace(/^http/, 'ws')}/ws`;
    await expect(open(url, 'https://elsewhere.example')).rejects.toThrow('status 403');
    const { ws, messages, closed } = await open(url, baseURL!);
    ws.send(JSON.stringify({ type: 'start', guestId: null }));
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatchObject({ type: 'session', sessionId: expect.any(String), iceServers: [] });
    ws.send(JSON.stringify({ type: 'end' }));
    await closed;
  });

  test('when a frame is not a voice message or is too large, then the socket closes with 1008 or 1009 through nginx', async ({
    baseURL,
    request,
  }) => {
    const url = `${baseURL!.replace(/^http/, 'ws')}/ws`;
    const bad = await open(url, baseURL!);
    bad.ws.send('hello');
    expect(await bad.closed).toEqual({ code: 1008, reason: 'Not JSON' });
    const big = await open(url, baseURL!);
    big.ws.send(JSON.stringify({ type: 'offer', sdp: 'x'.repeat(70_000) }));
    expect((await big.closed).code).toBe(1009);
    expect((await request.get('/ws')).status()).toBe(404);
  });
});
