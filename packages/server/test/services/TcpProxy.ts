import { connect, createServer, type Server, type Socket } from 'node:net';

/** How the proxy treats traffic. */
export type ProxyMode =
  /** Bytes flow both ways. */
  | 'open'
  /** Every connection is reset and new ones are dropped at once: the server went away. */
  | 'cut'
  /** Connections are accepted but nothing flows either way: a network partition. */
  | 'stalled';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL, Redis), which a test can cut or
 * stall and then restore, to see how a client lives through an outage without stopping the server
 * that other tests share.
 */
export class TcpProxy {
  private mode: ProxyMode = 'open';
  private readonly pairs = new Set<[Socket, Socket]>();
  private readonly stalled = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    /** Port the proxy listens on. */
    readonly port: number,
  ) {}

  /** Starts a proxy forwarding to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const address = server.address();
    const proxy = new TcpProxy(server, typeof address === 'object' && address ? address.port : 0);
    server.on('connection', (client: Socket) => proxy.accept(client, target));
    return proxy;
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    client.on('error', () => {});
    if (this.mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    if (this.mode === 'stalled') {
      this.stalled.add(client);
      client.pause();
      client.on('close', () => this.stalled.delete(client));
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    upstream.on('error', () => {});
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Resets every connection and refuses new ones until `restore()`. */
  cut(): void {
    this.mode = 'cut';
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
    this.dropStalled();
  }

  /** Keeps connections open but stops every byte, and accepts new ones that never answer. */
  stall(): void {
    this.mode = 'stalled';
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /**
   * Lets traffic flow again. Connections that were stalled are reset (their protocol state is
   * lost), so clients reconnect as they would after a partition heals.
   */
  restore(): void {
    if (this.mode === 'stalled') {
      for (const [client, upstream] of this.pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      this.pairs.clear();
      this.dropStalled();
    }
    this.mode = 'open';
  }

  private dropStalled(): void {
    for (const socket of this.stalled) socket.resetAndDestroy();
    this.stalled.clear();
  }

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
