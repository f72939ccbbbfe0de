/**
 * Private photos (decision 0150): chat photos, claim photos and proofs of authenticity are stored apart from public
 * ones and served only through signed links that work about an hour — to the chat's participants, the order's sides
 * and staff, the listing's owner and staff. A link with a wrong or missing signature, another photo's signature,
 * a moved expiry or a passed one is a 403; the public `/media/` path never serves them; a second process on the
 * same database honours the first one's links. Photos stored publicly before are moved by a job.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticityPhotos, chatMessages, claims, installationSettings } from '../../src/db/schema/index.js';
import { PRIVATE_MOVED_SETTING, PRIVATE_MOVE_JOB, storeImage } from '../../src/modules/media/index.js';
import { makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { makeStaff } from '../admin/fixtures.js';
import { photo } from '../chats/fixtures.js';
import { deliveredOrder, postClaim } from '../orders/claim-fixtures.js';
import { createTestApp, dbAvailable, secondProcess, type TestContext } from '../helpers.js';
import { chatWithPhotos, linkParts, listingWithProofs, proofsForStaff, threadOf } from './private-fixtures.js';

const INVALID = { detail: 'Ссылка на фотографию недействительна.' };
const EXPIRED = { detail: 'Срок действия ссылки на фотографию истёк. Обновите страницу.' };
const NOT_FOUND = { detail: 'Страница не найдена.' };

describe.runIf(dbAvailable())('private photos', () => {
  let t: TestContext;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let c: Awaited<ReturnType<typeof chatWithPhotos>>;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    other = await secondProcess(t);
    c = await chatWithPhotos(t.app);
    staff = await makeStaff(t.app);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('shows a chat photo to both participants through a signed link, cached by the browser alone', async () => {
    const [first] = c.message.photos;
    const link = linkParts(first!.url);
    expect(link.key).toMatch(/^m\//);
    // Stored apart: under the private directory, not where public photos are.
    expect(existsSync(path.join(t.config.mediaDir, 'private', link.key, '640.webp'))).toBe(true);
    expect(existsSync(path.join(t.config.mediaDir, link.key))).toBe(false);
    // The link alone opens it (an <img> sends no token), on this process and on another one.
    for (const app of [t.app, other.app]) {
      const res = await app.inject(first!.url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(3600);
      expect(maxAge).toBeLessThanOrEqual(4200);
    }
    for (const u of [first!.url_small, first!.url_large, ...first!.srcset.split(', ').map((s) => s.split(' ')[0]!)])
      expect((await t.app.inject(u)).statusCode, u).toBe(200);
    // The seller reads the same photo; a stranger cannot read the chat at all.
    const seen = await threadOf(t.app, c.seller, c.chat.id);
    const theirs = seen.page!.results.find((m) => m.id === c.message.id)!.photos[0]!;
    expect(linkParts(theirs.url).key).toBe(link.key);
    expect((await t.app.inject(theirs.url)).statusCode).toBe(200);
    expect((await threadOf(t.app, c.stranger, c.chat.id)).status).toBe(404);
  });

  it("refuses a link without its signature, with a forged one, another photo's, or a moved expiry; public path 404", async () => {
    const [a, b] = c.message.photos;
    const la = linkParts(a!.url);
    const lb = linkParts(b!.url);
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const bad = [
      `/media/private/${la.key}/640.webp`,
      `/media/private/${la.key}/640.webp?exp=${la.exp}`,
      `/media/private/${la.key}/640.webp?exp=${la.exp}&sig=${flip(la.sig)}`,
      `/media/private/${la.key}/640.webp?exp=${la.exp}&sig=${la.sig.slice(0, 20)}`,
      `/media/private/${la.key}/640.webp?exp=${la.exp + 600}&sig=${la.sig}`,
      `/media/private/${la.key}/640.webp?exp=abc&sig=${la.sig}`,
      `/media/private/${lb.key}/640.webp?exp=${la.exp}&sig=${la.sig}`,
    ];
    for (const url of bad) {
      const res = await t.app.inject(url);
      expect([res.statusCode, res.json()], url).toEqual([403, INVALID]);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The public route never serves a private kind, whatever is stored; nor the private route a public one.
    for (const url of [`/media/${la.key}/640.webp`, `/media/private/p/00/000000000000000000000000/640.webp`]) {
      const res = await t.app.inject(url);
      expect([res.statusCode, res.json()], url).toEqual([404, NOT_FOUND]);
    }
  });

  it('lets a link expire after 60–70 minutes; reading the chat again gives a working one', async () => {
    // Just past a ten-minute step (the test clock starts on one).
    const step = 600_000;
    t.clock.advance(step - (t.clock.now().getTime() % step) + 1000);
    const url = (await threadOf(t.app, c.buyer, c.chat.id)).page!.results.find((m) => m.id === c.message.id)!.photos[0]!
      .url;
    const { exp } = linkParts(url);
    const now = t.clock.now().getTime() / 1000;
    expect(exp - now).toBeGreaterThanOrEqual(3600);
    expect(exp - now).toBeLessThanOrEqual(4200);
    // Links given within the same ten minutes are the same (a refetched page does not load its photos again).
    t.clock.advance(60_000);
    const again = (await threadOf(t.app, c.buyer, c.chat.id)).page!.results.find((m) => m.id === c.message.id)!;
    expect(again.photos[0]!.url).toBe(url);
    t.clock.advance((exp - now) * 1000);
    const late = await t.app.inject(url);
    expect([late.statusCode, late.json()]).toEqual([403, EXPIRED]);
    const fresh = (await threadOf(t.app, c.buyer, c.chat.id)).page!.results.find((m) => m.id === c.message.id)!;
    expect(fresh.photos[0]!.url).not.toBe(url);
    expect((await t.app.inject(fresh.photos[0]!.url)).statusCode).toBe(200);
  });

  it("shows claim photos to the order's sides and staff only", async () => {
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    const o = await deliveredOrder({ app: t.app, seller, buyer, point: await makePoint(t.app, buyer) });
    const res = await postClaim(t.app, buyer, o.id, undefined, 1);
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().claim.photos[0].url as string;
    const { key } = linkParts(url);
    expect(key).toMatch(/^d\//);
    expect((await t.app.inject(url)).statusCode).toBe(200);
    expect((await t.app.inject(`/media/${key}/640.webp`)).statusCode).toBe(404);
    const bySeller = await t.app.inject({ url: `/v1/sales/orders/${o.id}/claim/`, headers: seller.auth });
    expect(linkParts(bySeller.json().claim.photos[0].url).key).toBe(key);
    const byStranger = await t.app.inject({ url: `/v1/sales/orders/${o.id}/claim/`, headers: c.stranger.auth });
    expect(byStranger.statusCode).toBe(404);
    const disputes = await t.app.inject({ url: '/v1/admin/disputes/?status=all', headers: staff.auth });
    expect(disputes.statusCode, disputes.body).toBe(200);
    const mine = disputes.json().results.find((d: { claim: { order_id: number } }) => d.claim.order_id === o.id);
    const staffUrl = mine.claim.photos[0].url as string;
    expect(linkParts(staffUrl).key).toBe(key);
    expect((await t.app.inject(staffUrl)).statusCode).toBe(200);
  });

  it('keeps proofs of authenticity private: staff get signed links under v/, the public path 404', async () => {
    const seller = await makeUser(t.app, 'Вера');
    const listing = await listingWithProofs(t.app, seller, 1);
    const [proof] = await proofsForStaff(t.app, staff, listing.id);
    const { key } = linkParts(proof!.url);
    expect(key).toMatch(/^v\//);
    expect((await t.app.inject(proof!.url_small)).statusCode).toBe(200);
    expect((await t.app.inject(`/media/${key}/640.webp`)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.mediaDir, key))).toBe(false);
    // Only staff list them.
    expect(
      (await t.app.inject({ url: `/v1/admin/products/?q=%23${listing.id}`, headers: seller.auth })).statusCode,
    ).toBe(403);
  });

  it('moves photos stored publicly before: the public path stops serving them, signed links keep working', async () => {
    // As stored before decision 0150: a proof under p/…, a chat photo and a claim photo in the public storage.
    const seller = await makeUser(t.app, 'Вера');
    const listing = await listingWithProofs(t.app, seller, 1);
    const img = await photo();
    const oldProof = await storeImage(img, { storage: t.app.storage, prefix: 'p', field: 'photos' });
    await t.app.db.insert(authenticityPhotos).values({ productId: listing.id, ...oldProof });
    const oldChat = await storeImage(img, { storage: t.app.storage, prefix: 'm', field: 'photos' });
    await t.app.db
      .update(chatMessages)
      .set({ photos: [oldChat] })
      .where(eq(chatMessages.id, c.message.id));
    const oldClaim = await storeImage(img, { storage: t.app.storage, prefix: 'd', field: 'photos' });
    const [claim] = await t.app.db.select().from(claims).limit(1);
    await t.app.db
      .update(claims)
      .set({ replyPhotos: [oldClaim.key] })
      .where(eq(claims.id, claim!.id));
    expect((await t.app.inject(`/media/${oldProof.key}/640.webp`)).statusCode).toBe(200);
    // Private kinds are refused on the public path at once; their signed links read them where they are.
    expect((await t.app.inject(`/media/${oldChat.key}/640.webp`)).statusCode).toBe(404);
    const before = (await threadOf(t.app, c.seller, c.chat.id)).page!.results.find((m) => m.id === c.message.id)!;
    expect((await t.app.inject(before.photos[0]!.url)).statusCode).toBe(200);

    // A process starting on an installation that has not moved them queues the move (once).
    await t.app.db.delete(installationSettings).where(eq(installationSettings.key, PRIVATE_MOVED_SETTING));
    const third = await secondProcess(t);
    await third.close();
    const queued = await t.app.db.execute(sql`select count(*)::int as n from jobs where kind = ${PRIVATE_MOVE_JOB}
      and status = 'queued'`);
    expect(Number((queued as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
    while ((await t.app.jobs.runDue()) > 0);

    const [moved] = await t.app.db
      .select()
      .from(authenticityPhotos)
      .where(eq(authenticityPhotos.id, (await proofRow(oldProof.key, listing.id))!));
    expect(moved!.key).toBe(`v${oldProof.key.slice(1)}`);
    for (const k of [oldProof.key, oldChat.key, oldClaim.key]) {
      expect(existsSync(path.join(t.config.mediaDir, k)), k).toBe(false);
      expect((await t.app.inject(`/media/${k}/640.webp`)).statusCode, k).toBe(404);
    }
    for (const k of [moved!.key, oldChat.key, oldClaim.key])
      expect(existsSync(path.join(t.config.mediaDir, 'private', k, '640.webp')), k).toBe(true);
    const proofs = await proofsForStaff(t.app, staff, listing.id);
    for (const p of proofs) expect((await t.app.inject(p.url)).statusCode, p.url).toBe(200);
    expect(proofs.map((p) => linkParts(p.url).key)).toContain(moved!.key);
    const after = (await threadOf(t.app, c.seller, c.chat.id)).page!.results.find((m) => m.id === c.message.id)!;
    expect((await t.app.inject(after.photos[0]!.url)).statusCode).toBe(200);
    const done = await t.app.db
      .select()
      .from(installationSettings)
      .where(eq(installationSettings.key, PRIVATE_MOVED_SETTING));
    expect(done).toHaveLength(1);
  });

  /** The id of the proof row that had `key` (before the move) — found by the listing, the newest row. */
  async function proofRow(_key: string, productId: number) {
    const rows = await t.app.db.select().from(authenticityPhotos).where(eq(authenticityPhotos.productId, productId));
    return rows.sort((x, y) => y.id - x.id)[0]?.id;
  }
});
