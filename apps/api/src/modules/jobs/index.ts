/** Domain events and jobs (architecture §6): the public face of the jobs module. */
/** The plugin that gives the app `app.jobs` and `app.events` and runs each process's worker. */
export { default as jobsPlugin } from './plugin.js';
/** The queue: define handlers, enqueue (in the change's transaction), run what is due. */
export { JobQueue, type EnqueueOptions } from './queue.js';
export {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  PermanentJobError,
  type Job,
  type JobContext,
  type JobHandler,
  type JobOptions,
} from './job-types.js';
/** The outbox: emit an event in the change's transaction; subscribe a handler run once per event. */
export { EventBus, type DomainEvent, type EventHandler, type EventSubscriber } from './events.js';
/** The catalogue of domain events: each name with the zod schema of its payload. */
export {
  domainEvents,
  type DomainEventName,
  type DomainEvents,
  type EventCatalogue,
  type EventFacts,
  type EventPayload,
} from './catalogue.js';
