/**
 * Domain events (architecture §6): the transactional outbox. A change that others should hear about
 * calls {@link EventBus.emit} with the change's transaction: the event row and one job per subscriber are
 * written with the change, so an event is never lost when a process dies after commit and never sent for a
 * change that rolled back. Each subscriber's job runs exactly once (see `queue.ts`), on any process.
 * Modules subscribe at start (`app.events.subscribe('order.paid', 'notifications.order-paid', …)`) and react
 * to events, not to each other's internals.
 */
import type { FastifyInstance } from 'fastify';
import { events } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import type { JobContext, JobOptions, JobQueue } from './queue.js';

/** An event as a subscriber sees it. */
export interface DomainEvent<P = Record<string, unknown>> {
  id: number;
  type: string;
  payload: P;
  createdAt: Date;
}

export type EventHandler<P = Record<string, unknown>> = (
  ctx: Omit<JobContext, 'job'> & { event: DomainEvent<P> },
) => Promise<void>;

/** The app's event bus (`app.events`). */
export class EventBus {
  /** event type → subscriber names (each a job kind `event:<name>`). */
  private readonly subscribers = new Map<string, string[]>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly queue: JobQueue,
  ) {}

  /**
   * Subscribes a handler to a type of event. `name` is stable across releases (it names the jobs in the
   * table): `<module>.<what it does>`.
   * @throws Error when the name is taken (a programming error)
   */
  subscribe<P = Record<string, unknown>>(type: string, name: string, handler: EventHandler<P>, opts?: JobOptions) {
    this.queue.define(
      `event:${name}`,
      async ({ app, tx, job, now, afterCommit }) => {
        const payload = job.payload as { event: Omit<DomainEvent<P>, 'createdAt'> & { createdAt: string } };
        const event = { ...payload.event, createdAt: new Date(payload.event.createdAt) };
        await handler({ app, tx, now, event, afterCommit });
      },
      opts,
    );
    this.subscribers.set(type, [...(this.subscribers.get(type) ?? []), name]);
  }

  /**
   * Records an event in the change's transaction and queues its handling by every subscriber.
   * @param tx the transaction of the change
   * @param type `<module>.<what happened>`, e.g. `order.paid`
   * @param payload JSON-safe facts of the event (ids, amounts in kopecks, …)
   * @returns the event's id
   */
  async emit(tx: Tx, type: string, payload: Record<string, unknown>): Promise<number> {
    const createdAt = this.app.clock.now();
    const [row] = await tx.insert(events).values({ type, payload, createdAt }).returning({ id: events.id });
    const id = row!.id;
    for (const name of this.subscribers.get(type) ?? []) {
      await this.queue.enqueue(
        tx,
        `event:${name}`,
        { event: { id, type, payload, createdAt: createdAt.toISOString() } },
        { eventId: id },
      );
    }
    return id;
  }
}
