import { connect } from 'node:net';

/** What {@link rawHttpRequest} sends: the request target is written exactly as given. */
export interface RawHttpRequest {
  method: string;
  /** The request target as it goes on the wire (`/%64ocs/x`, `http://host/docs/x`, ...). */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The parts of an HTTP/1.1 answer a test looks at. */
export interface RawHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one HTTP/1.1 request over a plain TCP socket to `origin` and reads the answer. Unlike
 * fetch or `app.inject`, nothing normalises the request target on the way, so tests can send what
 * an attacker would: percent-encoded letters, absolute-form targets, odd spellings.
 */
export async function rawHttpRequest(
  origin: string,
  request: RawHttpRequest,
): Promise<RawHttpResponse> {
  const { hostname, port } = new URL(origin);
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: `${hostname}:${port}`,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.write(`${head}\r\n\r\n${body}`);
  });
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = raw.slice(0, split).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`no HTTP status line in ${JSON.stringify(raw)}`);
  const parsed: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers: parsed, body: raw.slice(split + 4) };
}
