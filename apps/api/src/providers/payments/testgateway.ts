/**
 * The built-in test gateway (issue «Buying»; the default payment provider outside production). It plays the
 * bank: it alone ever sees a card number, keeps only token, brand, last 4, expiry and an outcome flag
 * (`testgateway_cards`), runs its own payments (`testgateway_payments`) and bank page, and notifies Vitrina by
 * an HMAC-SHA256-signed webhook (`POST /v1/payments/webhook/testgateway/`, header `X-Testgateway-Signature`).
 *
 * Test cards: `4111 1111 1111 1111` (and any other valid number) succeeds, `4000 0000 0000 0002` is declined.
 * Routes (never registered in production):
 * - `POST /testgateway/api/cards/` JSON `{number, exp_month, exp_year, cvc}` → `{card_token, last4, brand, exp_month, exp_year}`
 * - `GET /testgateway/cards/new?return_url=` card form page → redirects to `return_url?card_token=`
 * - `GET /testgateway/pay/{id}` bank page; `POST /testgateway/api/payments/{id}/pay` JSON card fields or `{card_token}`
 *   → `{status: 'succeeded' | 'canceled', return_url}`
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, and } from 'drizzle-orm';
import { z } from 'zod';
import { gatewayCardSchema, gatewayPayResultSchema } from '@vitrina/contract/orders';
import { testgatewayCards, testgatewayPayments } from '../../db/schema/index.js';
import { badRequest, notFound, type FieldErrors } from '../../lib/errors.js';
import type { PaymentProvider, SavedCardRef } from './index.js';

/** The card number that the test bank declines. */
export const DECLINED_TEST_CARD = '4000000000000002';

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card brand by BIN: Мир 2200–2204, Visa 4, Mastercard 51–55 and 2221–2720; anything else «Карта». */
export function cardBrand(digits: string): string {
  const p4 = Number(digits.slice(0, 4));
  const p2 = Number(digits.slice(0, 2));
  if (p4 >= 2200 && p4 <= 2204) return 'Мир';
  if (digits.startsWith('4')) return 'Visa';
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'Mastercard';
  return 'Карта';
}

export interface ValidCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: 'succeed' | 'decline';
}

/**
 * Checks card fields like a bank would (Luhn, expiry against `now`, 3-digit CVC). The number never leaves
 * this function: the result holds only brand, last 4, expiry and the test outcome.
 * @throws ApiError 400 `{number|exp_month|exp_year|cvc: [Russian message]}`
 */
export function validateCard(body: Record<string, unknown>, now: Date): ValidCard {
  const errors: FieldErrors = {};
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  const digits = str(body.number).replace(/[\s-]/g, '');
  if (!digits) errors.number = ['Введите номер карты.'];
  else if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.number = ['Неверный номер карты.'];
  const monthText = str(body.exp_month);
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(month >= 1 && month <= 12)) errors.exp_month = ['Месяц — число от 1 до 12.'];
  const yearText = str(body.exp_year);
  let year = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  if (!(year >= 2000 && year <= thisYear + 20)) errors.exp_year = ['Неверный год окончания срока действия.'];
  else if (!errors.exp_month && (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1))) {
    errors.exp_year = ['Срок действия карты истёк.'];
  }
  if (!/^\d{3}$/.test(str(body.cvc))) errors.cvc = ['CVC — три цифры на обороте карты.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
    outcome: digits === DECLINED_TEST_CARD ? 'decline' : 'succeed',
  };
}

/** HMAC-SHA256 hex of a webhook body with the shared secret. */
export const signTestgatewayBody = (secret: string, raw: string | Buffer) =>
  createHmac('sha256', secret).update(raw).digest('hex');

/** Constant-time check of `X-Testgateway-Signature` (hex, optionally prefixed `sha256=`). */
export function verifyTestgatewaySignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const got = Buffer.from(header.replace(/^sha256=/, '').trim(), 'hex');
  const want = Buffer.from(signTestgatewayBody(secret, raw), 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

interface GatewayMetadata {
  payment_id?: string;
  order_id?: string;
  order_number?: string;
  saved_cards?: SavedCardRef[];
}

/** The provider side Vitrina talks to (in-process: the gateway's books are tables of the same database). */
export function testgatewayProvider(app: FastifyInstance): PaymentProvider {
  return {
    name: 'testgateway',
    async createPayment(input) {
      const id = `tg_${randomUUID()}`;
      const metadata: GatewayMetadata = {
        payment_id: input.paymentId,
        order_id: String(input.orderId),
        order_number: input.orderNumber,
        saved_cards: input.savedCards,
      };
      await app.db.insert(testgatewayPayments).values({
        id,
        amount: input.amount,
        description: input.description,
        returnUrl: input.returnUrl,
        status: 'pending',
        metadata,
        createdAt: app.clock.now(),
        updatedAt: app.clock.now(),
      });
      return { providerPaymentId: id, status: 'pending', confirmationUrl: `/testgateway/pay/${id}` };
    },
    async getPayment(providerPaymentId) {
      const [p] = await app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, providerPaymentId));
      if (!p) return null;
      const md = p.metadata as GatewayMetadata;
      return {
        providerPaymentId: p.id,
        status: p.status as 'pending' | 'succeeded' | 'canceled',
        amount: p.amount,
        metadata: { payment_id: md.payment_id ?? '', order_id: md.order_id ?? '' },
      };
    },
    async cancelPayment(providerPaymentId) {
      await app.db
        .update(testgatewayPayments)
        .set({ status: 'canceled', updatedAt: app.clock.now() })
        .where(and(eq(testgatewayPayments.id, providerPaymentId), eq(testgatewayPayments.status, 'pending')));
    },
    async resolveCardToken(token) {
      if (!/^tok_[0-9a-f]{32}$/.test(token)) return null;
      const [c] = await app.db.select().from(testgatewayCards).where(eq(testgatewayCards.token, token));
      return c ? { brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear } : null;
    },
  };
}

/* --------------------------------------------------------------------------- pages */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `1299000` kopecks → `12 990 ₽`. */
const rub = (kopecks: number) =>
  `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(kopecks / 100).replace(/\u00a0/g, ' ')} ₽`;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#111}
main{max-width:420px;margin:40px auto;padding:0 16px}
.bank{display:flex;align-items:center;gap:10px;font-weight:700;color:#1d3b6a;margin-bottom:16px}
.bank span{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:#1d3b6a;color:#fff}
.card{background:#fff;border-radius:14px;box-shadow:0 2px 12px rgba(17,17,17,.08);padding:24px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#555;font-size:14px;margin:0}
.amount{font-size:30px;font-weight:700;margin:14px 0 18px;font-variant-numeric:tabular-nums}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input[type=text],input[type=password]{width:100%;padding:11px 12px;border:1px solid #c9ced6;border-radius:8px;font-size:16px}
input:focus,button:focus-visible{outline:2px solid #1d3b6a;outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
.saved{display:flex;align-items:center;gap:8px;padding:10px 12px;border:1px solid #c9ced6;border-radius:8px;margin:8px 0;font-weight:500}
button{width:100%;margin-top:20px;padding:13px;border:0;border-radius:8px;background:#1d3b6a;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
button[disabled]{opacity:.6;cursor:wait}
.err{color:#e03131;font-size:14px;min-height:20px;margin:8px 0 0}
.hint{font-size:13px;color:#555;margin-top:18px;border-top:1px solid #e5e5e2;padding-top:12px}
a{color:#1d3b6a}.nw{white-space:nowrap}`;

function page(title: string, body: string, script = '') {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main><div class="bank"><span>ТБ</span>Тестовый банк</div>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
}

const CARD_FIELDS = `
<label for="number">Номер карты</label>
<input id="number" name="number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23">
<div class="row"><div><label for="exp">Срок действия</label>
<input id="exp" name="exp" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" maxlength="7"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" type="password" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3"></div></div>`;

const HINT = `<p class="hint">Это тестовый банк: деньги не списываются. Карта <span class="nw">4111 1111 1111 1111</span> — оплата
проходит, <span class="nw">4000 0000 0000 0002</span> — банк отказывает. Срок — любой будущий, CVC — любые три цифры.</p>`;

/** Client script: reads the card fields into `{number, exp_month, exp_year, cvc}` and shows field errors. */
const CARD_SCRIPT = `
function cardBody(){var e=document.getElementById('exp').value.replace(/\\s/g,'').split(/[\\/.-]/);
return {number:document.getElementById('number').value,exp_month:e[0]||'',exp_year:e[1]||'',cvc:document.getElementById('cvc').value};}
function showError(d){var m=[];if(d&&typeof d==='object'){for(var k in d){m=m.concat(d[k]);}}
document.getElementById('err').textContent=m.join(' ')||'Не получилось. Попробуйте ещё раз.';}
document.getElementById('number').addEventListener('input',function(ev){var v=ev.target.value.replace(/\\D/g,'').slice(0,19);ev.target.value=v.replace(/(\\d{4})(?=\\d)/g,'$1 ');});
document.getElementById('exp').addEventListener('input',function(ev){var v=ev.target.value.replace(/\\D/g,'').slice(0,4);ev.target.value=v.length>2?v.slice(0,2)+'/'+v.slice(2):v;});`;

/** A return URL is accepted only on our own origin (no open redirect). */
function safeReturnUrl(app: FastifyInstance, url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  const origin = app.config.publicUrl;
  return url === origin || url.startsWith(`${origin}/`) ? url : null;
}

/* -------------------------------------------------------------------------- routes */

const cardBody = z
  .object({
    number: z.union([z.string().max(40), z.number()]),
    exp_month: z.union([z.string().max(4), z.number()]),
    exp_year: z.union([z.string().max(4), z.number()]),
    cvc: z.union([z.string().max(8), z.number()]),
    card_token: z.string().max(64),
  })
  .partial();

/** Registers the test gateway's pages and API (payments module does this only outside production). */
export async function testgatewayRoutes(app: FastifyInstance) {
  if (app.config.isProduction) return;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/testgateway/api/cards/',
    {
      schema: {
        tags: ['testgateway'],
        summary: 'Тестовый банк: сохранить карту и получить токен',
        body: cardBody.omit({ card_token: true }),
        response: { 200: gatewayCardSchema },
      },
    },
    async (request) => {
      const card = validateCard(request.body, app.clock.now());
      const token = `tok_${randomBytes(16).toString('hex')}`;
      await app.db.insert(testgatewayCards).values({
        token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        outcome: card.outcome,
        createdAt: app.clock.now(),
      });
      return { card_token: token, last4: card.last4, brand: card.brand, exp_month: card.expMonth, exp_year: card.expYear };
    },
  );

  r.get(
    '/testgateway/cards/new',
    { schema: { hide: true, querystring: z.object({ return_url: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      const back = safeReturnUrl(app, request.query.return_url) ?? '/account';
      const body = `<div class="card"><h1>Новая карта</h1><p class="muted">Данные карты получает только банк. Магазин «Витрина» увидит лишь последние четыре цифры.</p>
<form id="f" novalidate>${CARD_FIELDS}<p class="err" id="err" role="alert"></p><button type="submit" id="go">Сохранить карту</button></form>
<p class="muted" style="margin-top:12px"><a href="${esc(back)}">Вернуться в магазин</a></p>${HINT}</div>`;
      const script = `${CARD_SCRIPT}
var back=${JSON.stringify(back)};
document.getElementById('f').addEventListener('submit',function(ev){ev.preventDefault();var b=document.getElementById('go');b.disabled=true;
fetch('/testgateway/api/cards/',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(cardBody())})
.then(function(r){return r.json().then(function(d){return {ok:r.ok,d:d};});})
.then(function(x){if(!x.ok){b.disabled=false;showError(x.d);return;}
location.href=back+(back.indexOf('?')>=0?'&':'?')+'card_token='+encodeURIComponent(x.d.card_token);})
.catch(function(){b.disabled=false;showError(null);});});`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Новая карта — Тестовый банк', body, script));
    },
  );

  r.get(
    '/testgateway/pay/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const [p] = await app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, request.params.id));
      if (!p) {
        return reply.status(404).send(page('Платёж не найден', `<div class="card"><h1>Платёж не найден</h1><p class="muted">Ссылка устарела или неверна. Вернитесь в магазин и попробуйте ещё раз.</p></div>`));
      }
      const md = p.metadata as GatewayMetadata;
      if (p.status !== 'pending') {
        const text = p.status === 'succeeded' ? 'Этот платёж уже оплачен.' : 'Этот платёж отменён: время на оплату истекло или банк отказал.';
        return reply.send(page('Платёж обработан', `<div class="card"><h1>Платёж обработан</h1><p class="muted">${text}</p><p><a href="${esc(p.returnUrl)}">Вернуться в магазин</a></p></div>`));
      }
      const saved = md.saved_cards ?? [];
      const savedHtml = saved.length
        ? `<fieldset style="border:0;padding:0;margin:0"><legend style="font-size:14px;font-weight:600;margin-top:8px">Карта</legend>${saved
            .map(
              (c, i) =>
                `<label class="saved"><input type="radio" name="pay" value="${esc(c.token)}"${i === 0 ? ' checked' : ''}> ${esc(c.brand)} •••• ${esc(c.last4)}</label>`,
            )
            .join('')}<label class="saved"><input type="radio" name="pay" value="new"> Другая карта</label></fieldset>`
        : '';
      const body = `<div class="card"><p class="muted">Оплата заказа в магазине «Витрина»</p><h1>${esc(p.description || 'Оплата заказа')}</h1>
<div class="amount">${rub(p.amount)}</div>
<form id="f" novalidate>${savedHtml}<div id="newcard"${saved.length ? ' hidden' : ''}>${CARD_FIELDS}</div>
<p class="err" id="err" role="alert"></p><button type="submit" id="go">Оплатить ${rub(p.amount)}</button></form>
<p class="muted" style="margin-top:12px"><a href="${esc(p.returnUrl)}">Вернуться в магазин без оплаты</a></p>${HINT}</div>`;
      const script = `${CARD_SCRIPT}
var id=${JSON.stringify(p.id)};
function choice(){var c=document.querySelector('input[name=pay]:checked');return c?c.value:'new';}
document.querySelectorAll('input[name=pay]').forEach(function(el){el.addEventListener('change',function(){document.getElementById('newcard').hidden=choice()!=='new';});});
document.getElementById('f').addEventListener('submit',function(ev){ev.preventDefault();var b=document.getElementById('go');b.disabled=true;
var c=choice();var payload=c==='new'?cardBody():{card_token:c};
fetch('/testgateway/api/payments/'+encodeURIComponent(id)+'/pay',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(payload)})
.then(function(r){return r.json().then(function(d){return {ok:r.ok,d:d};});})
.then(function(x){if(!x.ok){b.disabled=false;showError(x.d);return;}location.href=x.d.return_url;})
.catch(function(){b.disabled=false;showError(null);});});`;
      return reply.send(page(`Оплата ${rub(p.amount)} — Тестовый банк`, body, script));
    },
  );

  r.post(
    '/testgateway/api/payments/:id/pay',
    {
      schema: {
        tags: ['testgateway'],
        summary: 'Тестовый банк: оплатить картой или сохранённой картой',
        params: z.object({ id: z.string().max(100) }),
        body: cardBody,
        response: { 200: gatewayPayResultSchema },
      },
    },
    async (request) => {
      const [p] = await app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, request.params.id));
      if (!p) throw notFound('Платёж не найден.');
      if (p.status !== 'pending') throw badRequest('Платёж уже обработан.');
      const md = p.metadata as GatewayMetadata;
      let outcome: 'succeed' | 'decline';
      const token = request.body.card_token;
      if (token) {
        if (!(md.saved_cards ?? []).some((c) => c.token === token)) throw badRequest({ card_token: ['Карта не найдена.'] });
        const [card] = await app.db.select().from(testgatewayCards).where(eq(testgatewayCards.token, token));
        if (!card) throw badRequest({ card_token: ['Карта не найдена.'] });
        const now = app.clock.now();
        if (card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
          throw badRequest({ card_token: ['Срок действия карты истёк.'] });
        }
        outcome = card.outcome === 'decline' ? 'decline' : 'succeed';
      } else {
        outcome = validateCard(request.body, app.clock.now()).outcome;
      }
      const status: 'succeeded' | 'canceled' = outcome === 'succeed' ? 'succeeded' : 'canceled';
      const updated = await app.db
        .update(testgatewayPayments)
        .set({ status, updatedAt: app.clock.now() })
        .where(and(eq(testgatewayPayments.id, p.id), eq(testgatewayPayments.status, 'pending')))
        .returning({ id: testgatewayPayments.id });
      if (!updated.length) throw badRequest('Платёж уже обработан.');
      await notifyVitrina(app, {
        event_id: `evt_${randomUUID()}`,
        event: status === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
        payment: { id: p.id, status, amount: p.amount, metadata: { payment_id: md.payment_id ?? '', order_id: md.order_id ?? '' } },
      });
      return { status, return_url: p.returnUrl };
    },
  );
}

/** The webhook body the test gateway sends. */
export interface TestgatewayEvent {
  event_id: string;
  event: 'payment.succeeded' | 'payment.canceled';
  payment: { id: string; status: 'succeeded' | 'canceled'; amount: number; metadata: Record<string, string> };
}

/** Sends the signed webhook in-process (like the bank's HTTP call), retrying once; failures are logged. */
async function notifyVitrina(app: FastifyInstance, event: TestgatewayEvent) {
  const raw = JSON.stringify(event);
  const signature = signTestgatewayBody(app.config.payments.testgatewaySecret, raw);
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/testgateway/',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-testgateway-signature': `sha256=${signature}` },
    });
    if (res.statusCode < 300) return;
    app.log.warn({ status: res.statusCode, paymentId: event.payment.id }, 'testgateway webhook was not accepted');
  }
}
