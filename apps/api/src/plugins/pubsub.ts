/**
 * Cross-process messages through PostgreSQL `LISTEN/NOTIFY` (architecture §6 «Fan-out»): `app.pubsub`.
 *
 * `publish(tx, channel, payload)` runs `pg_notify` inside the caller's transaction, so the message is
 * delivered exactly when the change commits — to every process listening on the database, including when
 * the committing process dies right after the commit — and never for a change that rolled back. Payloads
 * are small JSON (ids only, PostgreSQL caps them at 8000 bytes): receivers load what they need.
 *
 * Each process listens on every channel a handler was registered for: on node-postgres through one
 * dedicated connection (a `pg.Client`, outside the pool) that reconnects with back-off when it breaks — a
 * message sent while it was down is lost, so after a reconnect the `onResync` handlers run (the hub then
 * sends each local socket its list again); on PGlite through `pglite.listen`, in process.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cross-process messages (PostgreSQL LISTEN/NOTIFY), delivered on commit. */
    pubsub: PubSub;
  }
}

export type MessageHandler = (payload: unknown) => void | Promise<void>;

/** Channel names: lower-case identifiers (PostgreSQL folds unquoted names). */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Reconnect delays of the LISTEN connection: 100 ms, 200 ms … at most 10 s. */
export const listenBackoffMs = (attempt: number) => Math.min(100 * 2 ** attempt, 10_000);

export class PubSub {
  private readonly handlers = new Map<string, MessageHandler[]>();
  private readonly resync: (() => void)[] = [];
  private stopped = false;
  private client: import('pg').Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>)[] = [];
  /** Resolves when this process listens (tests wait for it after a reconnect). */
  private listening: Promise<void> = Promise.resolve();
  /** How many times the LISTEN connection was re-established (for tests and metrics). */
  reconnects = 0;

  constructor(private readonly app: FastifyInstance) {}

  /**
   * Sends a message to every process (this one included) when `conn`'s transaction commits.
   * @param conn the change's transaction (or the database: sent at once)
   * @param channel a registered channel name
   * @param payload JSON-safe, small (ids)
   */
  async publish(conn: Db | Tx, channel: string, payload: unknown): Promise<void> {
    await conn.execute(sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`);
  }

  /**
   * Handles a channel's messages in this process. Register before the app is ready.
   * @throws Error for a channel name that isn't a lower-case identifier (a programming error)
   */
  on(channel: string, handler: MessageHandler): void {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  /** Runs after the LISTEN connection came back: messages of the gap are lost, refresh what depends on them. */
  onResync(handler: () => void): void {
    this.resync.push(handler);
  }

  /** Whether this process currently listens (resolves once it does). */
  ready(): Promise<void> {
    return this.listening;
  }

  private dispatch(channel: string, raw: string | undefined) {
    let payload: unknown;
    try {
      payload = JSON.parse(raw ?? 'null');
    } catch {
      this.app.log.warn({ channel }, 'pubsub: a message that is not JSON was dropped');
      return;
    }
    for (const h of this.handlers.get(channel) ?? []) {
      Promise.resolve()
        .then(() => h(payload))
        .catch((err: unknown) => this.app.log.warn({ err, channel }, 'pubsub: handler failed'));
    }
  }

  /** Starts listening (on ready). */
  async start(): Promise<void> {
    this.stopped = false;
    const channels = [...this.handlers.keys()];
    if (!channels.length) return;
    const { pglite, pool } = this.app.database;
    if (pglite) {
      for (const ch of channels) this.unlisten.push(await pglite.listen(ch, (p) => this.dispatch(ch, p)));
      return;
    }
    if (pool) {
      // Ready waits for the first LISTEN (so no early message is missed), but not forever: when the database is
      // unreachable the connection keeps being retried in the background.
      this.listening = this.connect(channels, 0);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.listening, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
    }
  }

  /** Opens the dedicated LISTEN connection, retrying with back-off until it works or the app stops. */
  private async connect(channels: string[], attempt: number): Promise<void> {
    const { Client } = (await import('pg')).default;
    while (!this.stopped) {
      const client = new Client({ ...(this.app.database.pool as unknown as { options: object }).options });
      let broken = false;
      const onBroken = (err?: Error) => {
        if (broken) return;
        broken = true;
        if (this.client === client) this.client = null;
        client.end().catch(() => undefined);
        if (this.stopped) return;
        this.app.log.warn({ err }, 'pubsub: LISTEN connection lost, reconnecting');
        this.scheduleReconnect(channels);
      };
      try {
        client.on('error', onBroken);
        client.on('end', () => onBroken());
        client.on('notification', (m) => this.dispatch(m.channel, m.payload));
        await client.connect();
        for (const ch of channels) await client.query(`LISTEN ${ch}`);
        if (this.stopped) {
          broken = true;
          await client.end().catch(() => undefined);
          return;
        }
        this.client = client;
        return;
      } catch (err) {
        broken = true;
        client.end().catch(() => undefined);
        if (this.stopped) return;
        const wait = listenBackoffMs(attempt);
        this.app.log.warn({ err, wait }, 'pubsub: LISTEN connection failed, retrying');
        attempt += 1;
        await new Promise((r) => setTimeout(r, wait).unref());
      }
    }
  }

  private scheduleReconnect(channels: string[]) {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.listening = this.connect(channels, 1).then(() => {
        if (this.stopped || !this.client) return;
        this.reconnects += 1;
        for (const r of this.resync) {
          try {
            r();
          } catch (err) {
            this.app.log.warn({ err }, 'pubsub: resync failed');
          }
        }
      });
    }, listenBackoffMs(0));
    this.retryTimer.unref();
  }

  /** Breaks the LISTEN connection as a network failure would (tests of the reconnect). */
  simulateConnectionLoss(): void {
    this.client?.emit('error', new Error('simulated connection loss'));
  }

  /** Stops listening (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
    for (const u of this.unlisten.splice(0)) await u().catch(() => undefined);
  }
}

async function pubsubPlugin(app: FastifyInstance) {
  const pubsub = new PubSub(app);
  app.decorate('pubsub', pubsub);
  app.addHook('onReady', async () => pubsub.start());
  app.addHook('onClose', async () => pubsub.stop());
}

export default fp(pubsubPlugin, { name: 'pubsub' });
