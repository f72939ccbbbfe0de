/**
 * Domain events (architecture §6): the transactional outbox. A change that others should hear about
 * calls {@link EventBus.emit} with the change's transaction: the event row and one job per subscriber are
 * written with the change, so an event is never lost when a process dies after commit and never sent for a
 * change that rolled back. Each subscriber's job runs exactly once (see `queue.ts`), on any process.
 * Modules subscribe at start (`app.events.subscribe('order.paid', 'notifications.order-paid', …)`) and react
 * to events, not to each other's internals. The events and their payloads are listed in `catalogue.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { events } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import type { DomainEventName, EventCatalogue, EventPayload } from './catalogue.js';
import { PermanentJobError, type JobContext, type JobOptions } from './job-types.js';
import type { JobQueue } from './queue.js';

/** An event as a subscriber sees it: its payload parsed by the catalogue's schema. */
export interface DomainEvent<P = Record<string, unknown>> {
  id: number;
  type: string;
  payload: P;
  createdAt: Date;
}

/** A subscriber of events with payload `P`. */
export type EventHandler<P = Record<string, unknown>> = (
  ctx: Omit<JobContext, 'job'> & { event: DomainEvent<P> },
) => Promise<void>;

/** A subscriber of the API's domain event `N`. */
export type EventSubscriber<N extends DomainEventName> = EventHandler<EventPayload<N>>;

/** The event as its subscriber's job carries it. */
interface QueuedEvent {
  event: { id: number; type: string; payload: unknown; createdAt: string };
}

/**
 * The app's event bus (`app.events`), over a catalogue of events (`C`: the API's `domainEvents`): only the
 * catalogue's names are accepted, `emit` takes the event's payload shape and a subscriber receives it parsed.
 */
export class EventBus<C extends EventCatalogue> {
  /** event type → subscriber names (each a job kind `event:<name>`). */
  private readonly subscribers = new Map<string, string[]>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly queue: JobQueue,
    private readonly catalogue: C,
  ) {}

  /**
   * Subscribes a handler to a type of event. `name` is stable across releases (it names the jobs in the
   * table): `<module>.<what it does>`. The payload is parsed by the event's schema before the handler runs; one
   * that does not match (a row written before the schema changed) ends the job `dead` at once, with the event,
   * the subscriber and zod's issues in the log and in the job's `last_error`.
   * @throws Error when the name is taken (a programming error)
   */
  subscribe<N extends keyof C & string>(
    type: N,
    name: string,
    handler: EventHandler<z.output<C[N]>>,
    opts?: JobOptions,
  ): void {
    const schema = this.catalogue[type]!;
    this.queue.define(
      `event:${name}`,
      async ({ app, tx, job, now, afterCommit }) => {
        const queued = (job.payload as unknown as QueuedEvent).event;
        const parsed = schema.safeParse(queued.payload);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
          app.log.error(
            { event: { id: queued.id, type: queued.type }, subscriber: name, issues },
            'event payload does not match the catalogue: the subscriber skips it',
          );
          throw new PermanentJobError(`event ${queued.id} (${queued.type}) payload: ${issues.join('; ')}`);
        }
        const event = {
          id: queued.id,
          type: queued.type,
          payload: parsed.data as z.output<C[N]>,
          createdAt: new Date(queued.createdAt),
        };
        await handler({ app, tx, now, event, afterCommit });
      },
      opts,
    );
    this.subscribers.set(type, [...(this.subscribers.get(type) ?? []), name]);
  }

  /**
   * Records an event in the change's transaction and queues its handling by every subscriber.
   * @param tx the transaction of the change
   * @param type a name of the catalogue, `<entity>.<what happened>`, e.g. `order.paid`
   * @param payload the event's facts in its schema's shape (ids, amounts in kopecks, …)
   * @returns the event's id
   * @throws ZodError when the payload breaks its schema at run time (a programming error: e.g. a NaN id)
   */
  async emit<N extends keyof C & string>(tx: Tx, type: N, payload: z.input<C[N]>): Promise<number> {
    const facts = this.catalogue[type]!.parse(payload);
    const createdAt = this.app.clock.now();
    const [row] = await tx.insert(events).values({ type, payload: facts, createdAt }).returning({ id: events.id });
    const id = row!.id;
    for (const name of this.subscribers.get(type) ?? []) {
      const queued: QueuedEvent = { event: { id, type, payload: facts, createdAt: createdAt.toISOString() } };
      await this.queue.enqueue(tx, `event:${name}`, { ...queued }, { eventId: id });
    }
    return id;
  }
}
