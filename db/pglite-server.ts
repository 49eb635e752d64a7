// Serves one PGlite instance to many PostgreSQL wire-protocol connections on a loopback port.
//
// PGlite is a single session. A multiplexer that interleaves connections message by message
// corrupts the extended protocol: another connection's Parse can replace the unnamed statement
// between this connection's Parse and Bind ("portal does not exist"). So this server queues whole
// units (every message up to a Sync or a simple Query) and runs one unit at a time; while a
// connection holds an open transaction, only that connection's units run, so transactions stay
// isolated from other connections' statements.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSS_REQUEST = 80877104;

interface Unit {
  connection: Connection;
  bytes: Uint8Array;
}

class Connection {
  buffer: Buffer = Buffer.alloc(0);
  started = false;
  pending: Buffer[] = [];
  closed = false;
  readonly socket: net.Socket;
  constructor(socket: net.Socket) {
    this.socket = socket;
  }
}

export class PgliteServer {
  private readonly server: net.Server;
  private readonly queue: Unit[] = [];
  private running = false;
  /** The connection whose transaction is open: only its units may run until it ends. */
  private owner: Connection | null = null;
  private readonly connections = new Set<Connection>();
  private readonly db: PGlite;

  constructor(db: PGlite) {
    this.db = db;
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(port = 0, host = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    const connection = new Connection(socket);
    this.connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (data) => this.receive(connection, data));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => void this.disconnect(connection));
  }

  private receive(c: Connection, data: Buffer): void {
    c.buffer = c.buffer.length ? Buffer.concat([c.buffer, data]) : Buffer.from(data);
    for (;;) {
      if (!c.started) {
        if (c.buffer.length < 8) return;
        const length = c.buffer.readInt32BE(0);
        if (c.buffer.length < length) return;
        const code = c.buffer.readInt32BE(4);
        const message = c.buffer.subarray(0, length);
        c.buffer = c.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          c.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          c.socket.end();
          return;
        }
        c.started = true;
        this.enqueue(c, [Buffer.from(message)]);
        continue;
      }
      if (c.buffer.length < 5) return;
      const length = 1 + c.buffer.readInt32BE(1);
      if (c.buffer.length < length) return;
      const type = String.fromCharCode(c.buffer[0]);
      const message = Buffer.from(c.buffer.subarray(0, length));
      c.buffer = c.buffer.subarray(length);
      if (type === 'X') {
        c.socket.end();
        return;
      }
      c.pending.push(message);
      // Sync ends an extended-protocol unit, Query is a unit of its own; Flush asks for output now.
      if (type === 'S' || type === 'Q' || type === 'H') this.enqueue(c, c.pending.splice(0));
    }
  }

  private enqueue(connection: Connection, messages: Buffer[]): void {
    this.queue.push({ connection, bytes: new Uint8Array(Buffer.concat(messages)) });
    void this.drain();
  }

  private nextUnit(): Unit | undefined {
    if (!this.owner) return this.queue.shift();
    const index = this.queue.findIndex((u) => u.connection === this.owner);
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let unit = this.nextUnit(); unit; unit = this.nextUnit()) {
        const { connection, bytes } = unit;
        if (connection.closed) continue;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(bytes, {
              onRawData: (out: Uint8Array) => {
                if (!connection.closed && out.length) connection.socket.write(out);
              },
            }),
          );
        } catch {
          connection.socket.destroy();
        }
        this.owner = this.db.isInTransaction() ? connection : null;
        // The client left while its unit ran (its disconnect saw no open transaction, or one the
        // unit kept open): roll back now, or every other connection would wait on it forever.
        if (this.owner && connection.closed) await this.release();
      }
    } finally {
      this.running = false;
    }
  }

  private async disconnect(c: Connection): Promise<void> {
    c.closed = true;
    this.connections.delete(c);
    // A client that vanished inside a transaction must not block everyone else. One whose unit
    // is running now is released by drain when the unit ends.
    if (this.owner === c && !this.running) await this.release();
    void this.drain();
  }

  /**
   * Rolls back the open transaction of a connection that is gone, then lets the others run: the
   * owner stays set until the rollback is done, so no other connection's unit runs inside it.
   */
  private async release(): Promise<void> {
    // exec takes PGlite's query lock itself: inside runExclusive (the same lock) it would wait forever.
    await this.db.exec('ROLLBACK').catch(() => {});
    this.owner = null;
  }
}
