/**
 * Photos that became private with decision 0150 but were stored before it as public ones are moved once, by a job
 * (`media.private-move`): chat photos (`m/…`) and claim photos (`d/…`) keep their keys and move from the media
 * storage to the private one; proofs of authenticity, stored as `p/…` like listing photos, move to `v/…` (the row's
 * key changes with them). The public copy is removed after the commit. Batches of {@link MOVE_BATCH} rows, each the
 * next job; the installation setting `media_private_moved` records that it is done, so no process queues it again.
 * Until a chat or claim photo is moved, its signed link reads it where it was (serve.ts); the public route
 * refuses private kinds at once.
 */
import { sql } from 'drizzle-orm';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { installationSetting } from '../../lib/installation-settings.js';
import type { JobContext } from '../jobs/index.js';
import { MEDIA_WIDTHS, removeImage } from './service.js';

/** The job's kind. */
export const PRIVATE_MOVE_JOB = 'media.private-move';
/** The installation setting that marks the move done. */
export const PRIVATE_MOVED_SETTING = 'media_private_moved';
/** Rows a run moves. */
export const MOVE_BATCH = 20;

const STAGES = ['proofs', 'messages', 'claims'] as const;
type Stage = (typeof STAGES)[number];

/** Copies an image's variants from the public storage to the private one (`to` its new key); false if none. */
async function copyToPrivate(app: FastifyInstance, from: string, to: string): Promise<boolean> {
  let copied = false;
  for (const w of MEDIA_WIDTHS) {
    const obj = await app.storage.get(`${from}/${w}.webp`);
    if (!obj) continue;
    await app.privateStorage.put(`${to}/${w}.webp`, await buffer(obj.body), 'image/webp');
    copied = true;
  }
  return copied;
}

/** The rows of one stage after `after` (by id), at most a batch: id and the image keys to move. */
async function batchOf(tx: Tx, stage: Stage, after: number): Promise<{ id: number; keys: string[] }[]> {
  const conn = tx as unknown as Db;
  const q =
    stage === 'proofs'
      ? sql`select id, jsonb_build_array(key) as keys from authenticity_photos where key like 'p/%' and id > ${after}`
      : stage === 'messages'
        ? sql`select id, (select coalesce(jsonb_agg(p->>'key'), '[]'::jsonb) from jsonb_array_elements(photos) p)
              as keys from chat_messages where jsonb_array_length(photos) > 0 and id > ${after}`
        : sql`select id, photos || reply_photos as keys from claims
              where jsonb_array_length(photos) + jsonb_array_length(reply_photos) > 0 and id > ${after}`;
  const rows = await queryRows<{ id: number; keys: string[] }>(conn, sql`${q} order by id limit ${MOVE_BATCH}`);
  return rows.map((r) => ({ id: Number(r.id), keys: r.keys }));
}

/** One run: moves a batch of one stage and queues the next run, or marks the move done. */
async function moveBatch({ app, tx, job, afterCommit }: JobContext): Promise<void> {
  const stage = (STAGES as readonly string[]).includes(job.payload.stage as string)
    ? (job.payload.stage as Stage)
    : 'proofs';
  const after = Number(job.payload.after) || 0;
  const rows = await batchOf(tx, stage, after);
  const removed: string[] = [];
  for (const r of rows) {
    for (const key of r.keys) {
      if (stage === 'proofs') {
        const to = `v${key.slice(1)}`;
        if (await copyToPrivate(app, key, to))
          await tx.execute(sql`update authenticity_photos set key = ${to} where id = ${r.id}`);
      } else if (/^[md]\//.test(key)) await copyToPrivate(app, key, key);
      else continue;
      removed.push(key);
    }
  }
  afterCommit(async () => {
    await Promise.all(removed.map((k) => removeImage(app.storage, k)));
  });
  const next =
    rows.length === MOVE_BATCH
      ? { stage, after: rows[rows.length - 1]!.id }
      : STAGES.indexOf(stage) < STAGES.length - 1
        ? { stage: STAGES[STAGES.indexOf(stage) + 1]!, after: 0 }
        : null;
  if (next) await app.jobs.enqueue(tx, PRIVATE_MOVE_JOB, next);
  else
    await tx.execute(sql`insert into installation_settings (key, value) values (${PRIVATE_MOVED_SETTING},
      ${app.clock.now().toISOString()}) on conflict (key) do nothing`);
}

/**
 * Defines the move job and queues it when this installation has not finished it and has photos to move (a new
 * installation marks it done at once). Safe on many processes at once: one queued job by its key.
 */
export async function setUpPrivateMove(app: FastifyInstance): Promise<void> {
  app.jobs.define(PRIVATE_MOVE_JOB, moveBatch);
  const [done] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from installation_settings where key = ${PRIVATE_MOVED_SETTING}`,
  );
  if (Number(done?.n)) return;
  const [todo] = await queryRows<{ any: boolean }>(
    app.db,
    sql`select exists(select 1 from authenticity_photos where key like 'p/%')
        or exists(select 1 from chat_messages where jsonb_array_length(photos) > 0)
        or exists(select 1 from claims where jsonb_array_length(photos) + jsonb_array_length(reply_photos) > 0) as any`,
  );
  if (!todo?.any) {
    await installationSetting(app.db, PRIVATE_MOVED_SETTING, () => app.clock.now().toISOString());
    return;
  }
  await app.jobs.enqueue(app.db, PRIVATE_MOVE_JOB, { stage: 'proofs', after: 0 }, { key: PRIVATE_MOVE_JOB });
}
