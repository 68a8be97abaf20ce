// The fetch the openai SDK gets: undici's dispatcher, with a web ReadableStream fed straight from the
// socket. It costs less CPU per call than Node's global fetch, and than undici's request API with its Node
// stream bridged to a web stream (the figures and their command: BENCHMARKS.md, "Where the time and the
// CPU go", scripts/bench/model-client.mjs). The SDK needs
// no more than this: a method, headers, a string body and an AbortSignal in; a status, headers and a
// streamable body out. No redirects.
import { Agent, type Dispatcher } from 'undici';

/** The SDK's request headers (a Headers, an array of pairs or a record) as undici's flat name/value list. */
function flatHeaders(headers: RequestInit['headers']): string[] {
  const flat: string[] = [];
  if (!headers) return flat;
  const pairs = headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of pairs as Iterable<[string, string]>) flat.push(name, value);
  return flat;
}

function responseHeaders(headers: Record<string, string | string[] | undefined>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, one);
  }
  return result;
}

export function undiciFetch(agent: Dispatcher = new Agent({ keepAliveTimeout: 30_000 })): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
        throw new TypeError('undiciFetch sends string bodies only');
      }
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init.method ?? 'GET';
      const signal = init.signal ?? undefined;
      if (signal?.aborted) throw signal.reason;

      let control: Dispatcher.DispatchController | undefined;
      let body: ReadableStreamDefaultController<Uint8Array> | undefined;
      /** The reader cancelled: what undici may still deliver has nowhere to go. */
      let cancelled = false;
      const onAbort = () => control?.abort(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = () => signal?.removeEventListener('abort', onAbort);

      agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: method as Dispatcher.HttpMethod,
          headers: flatHeaders(init.headers),
          body: init.body ?? null,
        },
        {
          onRequestStart(controller) {
            control = controller;
            if (signal?.aborted) controller.abort(signal.reason);
          },
          onResponseStart(controller, statusCode, headers, statusText) {
            if (statusCode < 200) return; // 1xx: the real answer follows
            const empty = statusCode === 204 || statusCode === 304 || method === 'HEAD';
            const stream = empty
              ? null
              : new ReadableStream<Uint8Array>({
                  start(streamController) {
                    body = streamController;
                  },
                  pull() {
                    controller.resume();
                  },
                  cancel(reason) {
                    cancelled = true;
                    settled();
                    controller.abort(reason ?? new Error('response body cancelled'));
                  },
                });
            resolve(new Response(stream, { status: statusCode, statusText, headers: responseHeaders(headers) }));
          },
          onResponseData(controller, chunk) {
            if (!body || cancelled) return;
            body.enqueue(chunk);
            if ((body.desiredSize ?? 1) <= 0) controller.pause();
          },
          onResponseEnd() {
            settled();
            if (!cancelled) body?.close();
          },
          onResponseError(_controller, err) {
            settled();
            if (!body) reject(err);
            else if (!cancelled) body.error(err);
          },
        },
      );
    });
}
