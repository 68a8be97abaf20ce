// The fetch the openai SDK gets: undici's request API with a Response around its body. Over Node's global
// fetch a whole-answer call cost 0.53 ms of CPU against 0.41 ms this way (client and stub, scripts/bench/model-client.mjs),
// and fetch's clean-up of abort listeners ran in bursts after garbage collection under load
// (scripts/bench/ai-query-profile.mjs --cpu-prof). The SDK needs no more than this: a method, headers, a
// string body and an AbortSignal in; a status, headers and a streamable body out. No redirects.
import { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';

export function undiciFetch(agent: Dispatcher = new Agent({ keepAliveTimeout: 30_000 })): typeof fetch {
  return async (input, init = {}) => {
    const url = input instanceof Request ? input.url : input;
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new TypeError('undiciFetch sends string bodies only');
    }
    const { statusCode, headers, body } = await request(url, {
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: new Headers(init.headers),
      body: init.body ?? null,
      signal: init.signal ?? undefined,
      dispatcher: agent,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    const empty = statusCode === 204 || statusCode === 304 || init.method === 'HEAD';
    if (empty) body.resume();
    return new Response(empty ? null : (Readable.toWeb(body) as ReadableStream<Uint8Array>), {
      status: statusCode,
      headers: responseHeaders,
    });
  };
}
