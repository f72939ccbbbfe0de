/**
 * Fastify plugin of the jobs module: decorates the app with `app.jobs` (the {@link JobQueue}) and `app.events`
 * (the {@link EventBus}), starts each process's worker when the app is ready (polling every
 * `config.jobsPollMs`) and stops it, waiting for the job in progress, when the app closes.
 * Register it before the modules that define jobs or subscribe to events.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EventBus } from './events.js';
import { domainEvents, type DomainEvents } from './catalogue.js';
import { JobQueue } from './queue.js';
import { defineJobMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work for later or elsewhere (architecture §6). */
    jobs: JobQueue;
    /** Domain events, recorded in the change's transaction (architecture §6). */
    events: EventBus<DomainEvents>;
  }
}

async function jobsPlugin(app: FastifyInstance) {
  const queue = new JobQueue(app);
  app.decorate('jobs', queue);
  app.decorate('events', new EventBus(app, queue, domainEvents));
  defineJobMetrics(app);
  app.addHook('onReady', async () => queue.start(app.config.jobsPollMs));
  app.addHook('onClose', async () => queue.stop());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['metrics'] });
