import { sseEvents } from '../../src/shared/ai/stream-api';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events = [];
  for await (const event of sseEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('reading server-sent events', () => {
  const whole =
    'event: meta\ndata: {"queriesUsed":1}\n\nevent: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {}\n\n';

  test('when the body arrives at once, then every event comes out in order', async () => {
    expect(await collect([whole])).toEqual([
      { event: 'meta', data: '{"queriesUsed":1}' },
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  test('when the body is cut at every character, then the events are the same', async () => {
    expect(await collect([...whole])).toEqual(await collect([whole]));
  });

  test('when lines end with \\r\\n split across chunks, then nothing extra appears', async () => {
    const crlf = whole.replaceAll('\n', '\r\n');
    const cuts = crlf.split(/(?<=\r)/); // every chunk ends right after a \r
    expect(await collect(cuts)).toEqual(await collect([whole]));
  });

  test('when a block has comments and several data lines, then the data lines join with newlines', async () => {
    expect(await collect([': keep-alive\n\ndata: one\ndata: two\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  test('when a multi-byte character is split between chunks, then it is decoded whole', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"✨"}\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 27));
        controller.enqueue(bytes.slice(27));
        controller.close();
      },
    });
    const events = [];
    for await (const event of sseEvents(stream)) events.push(event);
    expect(events).toEqual([{ event: 'delta', data: '{"text":"✨"}' }]);
  });
});
