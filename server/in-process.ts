import http from 'node:http';
import { Duplex } from 'node:stream';

/**
 * The embedded API reached without a socket: an http.Agent whose connections are in-memory pipes
 * into an http.Server that never listens, serving the same Express app. Requests and answers are
 * still written and parsed as HTTP by node on both sides, so the API answers exactly the bytes it
 * answers over TCP (the contract tests run on both paths); only the kernel's loopback, its
 * latency and the event loop's I/O polling are gone.
 *
 * Hand-written because node 20 has no in-memory socket pair (`stream.duplexPair` came in node
 * 22.6) and the `duplexpair` package's userland streams lack what node's HTTP server asks of a
 * socket (timeouts, no-delay, addresses).
 */
class MemorySocket extends Duplex {
  peer: MemorySocket | null = null;
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly remotePort = 0;
  readonly localAddress = '127.0.0.1';
  readonly localPort = 0;

  override _read(): void {
    // Data arrives when the peer writes it.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.peer?.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.peer?.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const peer = this.peer;
    this.peer = null;
    if (peer && !peer.destroyed) {
      peer.push(null);
      peer.destroy();
    }
    callback(error);
  }

  // What node's HTTP client and server call on a socket; nothing to do in memory.
  // As net.Socket does: a callback joins the 'timeout' listeners, and setTimeout(0, callback)
  // takes it off again (node's client does so after each answer; without it, every request on a
  // kept-alive memory connection would leave a listener behind). In memory nothing times out.
  setTimeout(ms: number, callback?: () => void): this {
    if (!callback) return this;
    if (ms === 0) this.removeListener('timeout', callback);
    else this.once('timeout', callback);
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  address(): { address: string; family: string; port: number } {
    return { address: this.localAddress, family: 'IPv4', port: 0 };
  }
}

function memorySocketPair(): [MemorySocket, MemorySocket] {
  const client = new MemorySocket();
  const server = new MemorySocket();
  client.peer = server;
  server.peer = client;
  return [client, server];
}

/** An agent whose every connection is served in this process by `handler`. */
export function createInProcessAgent(handler: http.RequestListener): http.Agent {
  const server = http.createServer(handler);
  class InProcessAgent extends http.Agent {
    override createConnection(): Duplex {
      const [client, serverSide] = memorySocketPair();
      server.emit('connection', serverSide);
      return client;
    }
  }
  return new InProcessAgent({ keepAlive: true, maxSockets: 128 });
}

/** The origin requests through that agent are addressed to (never resolved or dialled). */
export const IN_PROCESS_ORIGIN = 'http://in-process.invalid';
