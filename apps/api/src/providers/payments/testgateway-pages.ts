/**
 * The test gateway's HTML pages (issue «Buying»): the bank page of a payment (`GET /testgateway/pay/{id}`, saved
 * cards or a new card) and the new-card form (`GET /testgateway/cards/new`), with their small inline scripts
 * that call the gateway's JSON API. Every value put into the HTML is escaped. Russian texts; money in kopecks.
 */

/** A saved card as the bank page shows it: an opaque reference (`testgateway-keys.ts`), brand and last four. */
export interface PageCard {
  ref: string;
  brand: string;
  last4: string;
}

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

/** @param nonce the answer's CSP nonce (`cspNonce(reply)`), required when there is a script */
function page(title: string, body: string, script = '', nonce = '') {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main><div class="bank"><span>ТБ</span>Тестовый банк</div>${body}</main>${script ? `<script nonce="${esc(nonce)}">${script}</script>` : ''}</body></html>`;
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

/** The new-card form; after saving, the browser goes to `back` with `card_token=` added. */
export function newCardPage(back: string, nonce: string): string {
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
  return page('Новая карта — Тестовый банк', body, script, nonce);
}

/** The page of a payment id that does not exist. */
export const paymentNotFoundPage = () =>
  page(
    'Платёж не найден',
    `<div class="card"><h1>Платёж не найден</h1><p class="muted">Ссылка устарела или неверна. Вернитесь в магазин и попробуйте ещё раз.</p></div>`,
  );

/** The page of a payment already paid or cancelled. */
export function paymentDonePage(p: { status: string; returnUrl: string }): string {
  const text =
    p.status === 'succeeded'
      ? 'Этот платёж уже оплачен.'
      : 'Этот платёж отменён: время на оплату истекло или банк отказал.';
  return page(
    'Платёж обработан',
    `<div class="card"><h1>Платёж обработан</h1><p class="muted">${text}</p><p><a href="${esc(p.returnUrl)}">Вернуться в магазин</a></p></div>`,
  );
}

/**
 * The bank page of a pending payment: the amount, the saved cards (first chosen) or a new card's fields.
 * @param saved the buyer's cards, shown only to the buyer's link; never a token
 * @param key the payment's key the page was opened with (sent back with a saved card's reference)
 */
export function payPage(
  p: { id: string; description: string; amount: number; returnUrl: string },
  saved: PageCard[],
  key: string,
  nonce: string,
): string {
  const savedHtml = saved.length
    ? `<fieldset style="border:0;padding:0;margin:0"><legend style="font-size:14px;font-weight:600;margin-top:8px">Карта</legend>${saved
        .map(
          (c, i) =>
            `<label class="saved"><input type="radio" name="pay" value="${esc(c.ref)}"${i === 0 ? ' checked' : ''}> ${esc(c.brand)} •••• ${esc(c.last4)}</label>`,
        )
        .join('')}<label class="saved"><input type="radio" name="pay" value="new"> Другая карта</label></fieldset>`
    : '';
  const body = `<div class="card"><p class="muted">Оплата заказа в магазине «Витрина»</p><h1>${esc(p.description || 'Оплата заказа')}</h1>
<div class="amount">${rub(p.amount)}</div>
<form id="f" novalidate>${savedHtml}<div id="newcard"${saved.length ? ' hidden' : ''}>${CARD_FIELDS}</div>
<p class="err" id="err" role="alert"></p><button type="submit" id="go">Оплатить ${rub(p.amount)}</button></form>
<p class="muted" style="margin-top:12px"><a href="${esc(p.returnUrl)}">Вернуться в магазин без оплаты</a></p>${HINT}</div>`;
  const script = `${CARD_SCRIPT}
var id=${JSON.stringify(p.id)};var key=${JSON.stringify(key)};
function choice(){var c=document.querySelector('input[name=pay]:checked');return c?c.value:'new';}
document.querySelectorAll('input[name=pay]').forEach(function(el){el.addEventListener('change',function(){document.getElementById('newcard').hidden=choice()!=='new';});});
document.getElementById('f').addEventListener('submit',function(ev){ev.preventDefault();var b=document.getElementById('go');b.disabled=true;
var c=choice();var payload=c==='new'?cardBody():{key:key,card:c};
fetch('/testgateway/api/payments/'+encodeURIComponent(id)+'/pay',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(payload)})
.then(function(r){return r.json().then(function(d){return {ok:r.ok,d:d};});})
.then(function(x){if(!x.ok){b.disabled=false;showError(x.d);return;}location.href=x.d.return_url;})
.catch(function(){b.disabled=false;showError(null);});});`;
  return page(`Оплата ${rub(p.amount)} — Тестовый банк`, body, script, nonce);
}
