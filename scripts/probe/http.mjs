// A raw HTTP/1.1 client for the bad-input run (scripts/bad-input.mjs): it sends the request line, headers and
// body bytes exactly as given (any method, a path with malformed percent-encoding or raw bytes, a content type
// that does not match the body), which fetch and node:http refuse to send or quietly repair.
import net from 'node:net';

/**
 * One request on its own connection (`Connection: close`), read to the end.
 * @param {{ host: string, port: number }} target
 * @param {{ method: string, target: string, headers?: Record<string, string>, body?: Buffer }} request
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: Buffer }>}
 */
export function send({ host, port }, { method, target, headers = {}, body }, timeoutMs = 20000) {
  const head = [`${method} ${target} HTTP/1.1`, `Host: ${host}:${port}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  if (body !== undefined) head.push(`Content-Length: ${body.length}`);
  const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const chunks = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    // Written, not ended: nginx takes a client's half-close for the client going away (499) and drops the request.
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parse(Buffer.concat(chunks), method === 'HEAD'));
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** The status, headers (lower-case names; repeated ones joined by ", ") and the body, de-chunked. */
function parse(raw, noBody) {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no response head (${raw.length} bytes received)`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`not an HTTP status line: ${statusLine}`);
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let body = raw.subarray(end + 4);
  if (noBody || status === 204 || status === 304) body = Buffer.alloc(0);
  else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body };
}

function dechunk(data) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
