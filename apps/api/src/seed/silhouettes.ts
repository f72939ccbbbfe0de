/**
 * SVG silhouettes of the demo photos, one per category family, drawn in an 800×1000 box: the item in
 * its colour (a soft left-to-right gradient for volume), seams and details in a darker or lighter
 * line. Simple shapes, but they read as a product shot on a light background.
 */
import type { Family } from './reference.js';

/** Paints of one item: `body` is a gradient id, the rest are colours. */
export interface Paint {
  body: string;
  fill: string;
  shade: string;
  line: string;
  /** Contrast colour for soles, stripes, lenses. */
  accent: string;
}

const p = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const stroke = (d: string, color: string, w: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
const dash = (d: string, color: string) => stroke(d, color, 3, 'stroke-dasharray="10 8" opacity="0.8"');

function outline(d: string, c: Paint): string {
  return p(d, `url(#${c.body})`, `stroke="${c.shade}" stroke-width="4" stroke-linejoin="round"`);
}

const LONG_SLEEVE_BODY =
  'M250 220 L330 190 Q400 240 470 190 L550 220 L610 320 L650 760 L585 770 L550 430 L550 830 L250 830 L250 430 L215 770 L150 760 L190 320 Z';

const SHAPES: Record<Family, (c: Paint) => string> = {
  tshirt: (c) =>
    outline(
      'M255 215 L345 180 Q400 230 455 180 L545 215 L650 330 L585 395 L545 355 L545 830 L255 830 L255 355 L215 395 L150 330 Z',
      c,
    ) +
    stroke('M345 180 Q400 250 455 180', c.shade, 12) +
    dash('M262 808 L538 808', c.line) +
    dash('M590 385 L640 335', c.line) +
    dash('M210 385 L160 335', c.line),
  shirt: (c) =>
    outline(
      'M260 200 L345 170 L400 215 L455 170 L540 200 L600 300 L640 760 L580 770 L550 420 L550 840 L250 840 L250 420 L220 770 L160 760 L200 300 Z',
      c,
    ) +
    p('M345 170 L400 215 L372 258 L328 202 Z', c.fill, `stroke="${c.shade}" stroke-width="4"`) +
    p('M455 170 L400 215 L428 258 L472 202 Z', c.fill, `stroke="${c.shade}" stroke-width="4"`) +
    stroke('M400 215 L400 840', c.shade, 4) +
    [290, 370, 450, 530, 610, 690, 770].map((y) => `<circle cx="412" cy="${y}" r="7" fill="${c.line}"/>`).join('') +
    stroke('M583 730 L640 724', c.shade, 4) +
    stroke('M217 730 L160 724', c.shade, 4) +
    p('M290 300 L360 300 L360 370 L290 370 Z', 'none', `stroke="${c.shade}" stroke-width="3"`),
  hoodie: (c) =>
    p('M318 205 Q315 105 400 95 Q485 105 482 205 Q440 235 400 237 Q360 235 318 205 Z', c.shade) +
    outline(LONG_SLEEVE_BODY, c) +
    p('M340 200 Q400 250 460 200 Q455 150 400 145 Q345 150 340 200 Z', c.shade, 'opacity="0.85"') +
    stroke('M380 240 L374 350', c.line, 6) +
    stroke('M420 240 L426 350', c.line, 6) +
    p('M300 610 L500 610 L535 760 L265 760 Z', 'none', `stroke="${c.shade}" stroke-width="5"`) +
    p('M250 790 L550 790 L550 830 L250 830 Z', c.shade, 'opacity="0.6"'),
  sweater: (c) =>
    outline(LONG_SLEEVE_BODY, c) +
    stroke('M330 190 Q400 260 470 190', c.shade, 16) +
    p('M250 780 L550 780 L550 830 L250 830 Z', c.shade, 'opacity="0.55"') +
    Array.from({ length: 14 }, (_, i) =>
      stroke(`M${262 + i * 20} 785 L${262 + i * 20} 826`, c.line, 3, 'opacity="0.6"'),
    ).join('') +
    stroke('M588 735 L648 728', c.shade, 14) +
    stroke('M212 735 L152 728', c.shade, 14) +
    stroke('M400 300 Q380 420 400 540 Q420 660 400 770', c.line, 5, 'opacity="0.5"') +
    stroke('M330 300 Q310 420 330 540 Q350 660 330 770', c.line, 5, 'opacity="0.35"') +
    stroke('M470 300 Q450 420 470 540 Q490 660 470 770', c.line, 5, 'opacity="0.35"'),
  jacket: (c) =>
    outline(
      'M255 215 L335 185 L400 205 L465 185 L545 215 L605 320 L648 770 L585 780 L552 430 L552 845 L248 845 L248 430 L215 780 L152 770 L195 320 Z',
      c,
    ) +
    p('M330 185 L400 205 L470 185 L470 140 Q400 160 330 140 Z', c.shade) +
    stroke('M400 205 L400 845', c.line, 6, 'stroke-dasharray="4 4"') +
    p('M280 560 L360 560 L360 660 L280 660 Z', 'none', `stroke="${c.shade}" stroke-width="5"`) +
    p('M440 560 L520 560 L520 660 L440 660 Z', 'none', `stroke="${c.shade}" stroke-width="5"`) +
    p('M248 805 L552 805 L552 845 L248 845 Z', c.shade, 'opacity="0.5"'),
  puffer: (c) =>
    outline(
      'M240 230 Q400 195 560 230 L625 330 Q662 550 668 775 L585 785 L562 455 L566 860 Q400 885 234 860 L238 455 L215 785 L132 775 Q138 550 175 330 Z',
      c,
    ) +
    p('M300 235 Q300 140 400 130 Q500 140 500 235 Q400 260 300 235 Z', c.shade) +
    [330, 430, 530, 630, 730].map((y) => stroke(`M242 ${y} Q400 ${y + 22} 558 ${y}`, c.shade, 5)).join('') +
    [420, 520, 620, 720].map((y) => stroke(`M${170 - (y - 420) / 12} ${y} L${230} ${y + 8}`, c.shade, 4)).join('') +
    [420, 520, 620, 720].map((y) => stroke(`M${630 + (y - 420) / 12} ${y} L${570} ${y + 8}`, c.shade, 4)).join('') +
    stroke('M400 250 L400 872', c.line, 6),
  coat: (c) =>
    outline(
      'M265 190 L345 165 L400 300 L455 165 L535 190 L595 300 L640 800 L580 810 L555 450 L575 935 L225 935 L245 450 L220 810 L160 800 L205 300 Z',
      c,
    ) +
    p('M345 165 L400 300 L358 335 L318 215 Z', c.shade) +
    p('M455 165 L400 300 L442 335 L482 215 Z', c.shade) +
    [420, 520, 620]
      .map(
        (y) =>
          `<circle cx="365" cy="${y}" r="10" fill="${c.line}"/><circle cx="435" cy="${y}" r="10" fill="${c.line}"/>`,
      )
      .join('') +
    p('M240 560 L560 560 L562 595 L238 595 Z', c.shade) +
    p('M375 553 L425 553 L425 602 L375 602 Z', 'none', `stroke="${c.line}" stroke-width="5"`),
  jeans: (c) =>
    outline('M270 170 L530 170 L565 870 L435 870 L400 380 L365 870 L235 870 Z', c) +
    p('M270 170 L530 170 L532 208 L268 208 Z', c.shade) +
    stroke('M400 208 L400 330 Q398 355 380 370', c.shade, 4) +
    stroke('M285 208 Q300 270 352 278', c.line, 3, 'stroke-dasharray="8 6"') +
    stroke('M515 208 Q500 270 448 278', c.line, 3, 'stroke-dasharray="8 6"') +
    '<circle cx="400" cy="189" r="9" fill="#C9A96E"/>' +
    dash('M240 845 L362 845', c.line) +
    dash('M438 845 L560 845', c.line) +
    stroke('M320 300 L300 860', c.line, 2, 'opacity="0.4"') +
    stroke('M480 300 L500 860', c.line, 2, 'opacity="0.4"'),
  trousers: (c) =>
    outline('M275 170 L525 170 L555 880 L440 880 L400 360 L360 880 L245 880 Z', c) +
    p('M275 170 L525 170 L527 205 L273 205 Z', c.shade) +
    stroke('M330 240 L305 875', c.shade, 3) +
    stroke('M470 240 L495 875', c.shade, 3) +
    stroke('M290 205 L320 290', c.shade, 4) +
    stroke('M510 205 L480 290', c.shade, 4),
  shorts: (c) =>
    outline('M270 250 L530 250 L572 620 L420 640 L400 440 L380 640 L228 620 Z', c) +
    p('M270 250 L530 250 L532 288 L268 288 Z', c.shade) +
    stroke('M288 288 Q300 340 348 350', c.line, 3, 'stroke-dasharray="8 6"') +
    stroke('M512 288 Q500 340 452 350', c.line, 3, 'stroke-dasharray="8 6"') +
    dash('M236 598 L382 616', c.line) +
    dash('M418 616 L564 598', c.line),
  dress: (c) =>
    outline(
      'M335 150 L352 150 L366 300 L434 300 L448 150 L465 150 L482 320 Q472 380 457 410 L632 870 Q400 905 168 870 L343 410 Q328 380 318 320 Z',
      c,
    ) +
    stroke('M345 410 Q400 428 455 410', c.shade, 6) +
    stroke('M370 440 L300 880', c.shade, 3, 'opacity="0.6"') +
    stroke('M430 440 L500 880', c.shade, 3, 'opacity="0.6"') +
    stroke('M400 430 L400 890', c.shade, 3, 'opacity="0.5"'),
  skirt: (c) =>
    outline('M290 260 L510 260 L612 820 Q400 852 188 820 Z', c) +
    p('M288 240 L512 240 L512 290 L288 290 Z', c.shade) +
    [330, 370, 400, 430, 470]
      .map((x) => stroke(`M${x} 295 L${400 + (x - 400) * 2.3} 835`, c.shade, 3, 'opacity="0.55"'))
      .join(''),
  sneakers: (c) =>
    outline(
      'M150 622 L148 478 Q150 440 188 436 L296 452 Q322 398 366 390 L396 396 Q424 470 522 508 Q642 538 688 574 Q708 602 692 626 Z',
      c,
    ) +
    p(
      'M128 620 L702 620 Q714 662 682 674 L158 674 Q124 666 128 620 Z',
      c.accent,
      `stroke="${c.shade}" stroke-width="3"`,
    ) +
    stroke('M135 648 L707 648', c.shade, 3, 'opacity="0.5"') +
    p('M236 598 Q392 548 578 520 Q446 590 248 614 Z', c.accent, 'opacity="0.9"') +
    [0, 1, 2, 3, 4]
      .map((i) => stroke(`M${392 + i * 26} ${432 + i * 17} L${420 + i * 26} ${414 + i * 17}`, c.line, 7))
      .join('') +
    stroke('M190 446 Q244 474 298 456', c.shade, 6) +
    stroke('M598 540 Q652 556 690 596', c.shade, 4) +
    p('M148 478 Q150 440 188 436 L196 470 Q160 480 156 540 Z', c.shade, 'opacity="0.8"'),
  boots: (c) =>
    outline('M232 250 L410 250 L415 515 Q445 560 560 580 Q665 600 678 660 L682 700 L218 700 L225 520 Z', c) +
    p('M208 698 L692 698 L692 748 L208 748 Z', c.accent) +
    stroke('M208 724 L692 724', c.shade, 3, 'opacity="0.5"') +
    [300, 350, 400, 450, 500]
      .map((y) => `<circle cx="${400 + (y - 300) / 8}" cy="${y}" r="6" fill="${c.line}"/>`)
      .join('') +
    stroke('M232 262 L410 262', c.shade, 8) +
    p('M300 200 L340 200 L345 255 L305 255 Z', c.shade),
  tallboots: (c) =>
    outline('M262 140 L422 140 L426 610 Q462 650 560 668 Q652 686 666 742 L670 782 L252 782 L258 610 Z', c) +
    p('M244 780 L676 780 L676 820 L244 820 Z', c.accent) +
    p('M252 820 L312 820 L318 880 L262 880 Z', c.accent) +
    stroke('M262 158 L422 158', c.shade, 10) +
    stroke('M412 170 L418 600', c.line, 4, 'stroke-dasharray="4 4"'),
  heels: (c) =>
    outline(
      'M150 642 Q158 592 238 576 L428 556 Q518 542 598 472 L640 470 L642 522 Q622 562 592 582 L602 722 L580 722 L556 602 L192 662 Q150 668 150 642 Z',
      c,
    ) +
    p('M452 556 Q520 520 580 480 L620 486 Q600 540 560 560 Z', c.shade, 'opacity="0.8"') +
    p('M578 716 L604 716 L606 730 L576 730 Z', c.accent),
  shoes: (c) =>
    outline('M140 620 Q140 560 220 540 L380 520 Q430 480 500 475 L640 480 Q690 520 690 600 L690 640 L140 640 Z', c) +
    p('M128 638 L702 638 L702 670 L128 670 Z', c.accent) +
    stroke('M300 530 Q380 500 470 520', c.shade, 10) +
    p('M500 476 Q560 470 620 482 Q600 520 510 515 Z', c.shade, 'opacity="0.7"') +
    dash('M160 620 Q170 575 230 558', c.line),
  sandals: (c) =>
    p(
      'M150 640 Q150 610 200 605 L650 605 Q700 610 695 640 Q690 662 650 664 L200 664 Q150 662 150 640 Z',
      c.accent,
      `stroke="${c.shade}" stroke-width="4"`,
    ) +
    p('M150 660 L695 660 L690 690 L160 690 Z', c.shade) +
    stroke('M230 612 Q305 470 380 612', c.fill, 44) +
    stroke('M425 612 Q505 450 585 612', c.fill, 44) +
    p('M290 505 L320 505 L320 530 L290 530 Z', 'none', 'stroke="#C9A96E" stroke-width="5"') +
    p('M490 490 L520 490 L520 515 L490 515 Z', 'none', 'stroke="#C9A96E" stroke-width="5"'),
  backpack: (c) =>
    stroke('M265 320 Q210 520 255 770', c.shade, 22) +
    stroke('M535 320 Q590 520 545 770', c.shade, 22) +
    `<rect x="260" y="230" width="280" height="600" rx="96" fill="url(#${c.body})" stroke="${c.shade}" stroke-width="4"/>` +
    stroke('M360 232 Q400 160 440 232', c.shade, 14) +
    stroke('M292 330 Q400 262 508 330', c.line, 5) +
    `<rect x="300" y="520" width="200" height="260" rx="40" fill="${c.fill}" stroke="${c.shade}" stroke-width="5"/>` +
    stroke('M320 560 L480 560', c.line, 5) +
    `<rect x="375" y="600" width="50" height="50" rx="6" fill="${c.accent}"/>`,
  crossbody: (c) =>
    stroke('M232 445 Q240 150 400 135 Q560 150 568 445', c.shade, 14) +
    outline(
      'M230 430 L570 430 Q590 430 590 450 L600 760 Q600 782 580 782 L220 782 Q200 782 200 760 L210 450 Q210 430 230 430 Z',
      c,
    ) +
    p('M214 440 L586 440 L572 602 Q400 642 228 602 Z', c.shade, 'opacity="0.55"') +
    '<circle cx="400" cy="612" r="18" fill="#C9A96E"/>' +
    dash('M226 458 L574 458', c.line),
  tote: (c) =>
    stroke('M270 362 C270 200 530 200 530 362', c.shade, 18) +
    outline('M220 360 L580 360 L622 842 L178 842 Z', c) +
    stroke('M310 362 C310 230 490 230 490 362', c.fill, 18) +
    stroke('M310 362 C310 230 490 230 490 362', c.shade, 3) +
    dash('M232 390 L568 390', c.line) +
    `<rect x="350" y="500" width="100" height="40" rx="4" fill="${c.shade}" opacity="0.6"/>`,
  clutch: (c) =>
    `<rect x="180" y="420" width="440" height="260" rx="20" fill="url(#${c.body})" stroke="${c.shade}" stroke-width="4"/>` +
    p('M182 428 L618 428 L400 585 Z', c.shade, 'opacity="0.6"') +
    '<circle cx="400" cy="585" r="16" fill="#C9A96E"/>' +
    stroke('M200 430 Q400 250 600 430', '#C9A96E', 5, 'opacity="0.8"'),
  beanie: (c) =>
    outline('M232 630 Q228 262 400 255 Q572 262 568 630 Z', c) +
    `<circle cx="400" cy="238" r="58" fill="${c.shade}"/>` +
    `<rect x="214" y="600" width="372" height="150" rx="22" fill="${c.shade}"/>` +
    Array.from({ length: 17 }, (_, i) =>
      stroke(`M${232 + i * 21} 612 L${232 + i * 21} 738`, c.line, 4, 'opacity="0.35"'),
    ).join('') +
    Array.from({ length: 9 }, (_, i) =>
      stroke(`M${272 + i * 32} 300 Q${272 + i * 32 + (i - 4) * 6} 460 ${262 + i * 35} 600`, c.line, 3, 'opacity="0.3"'),
    ).join(''),
  cap: (c) =>
    outline('M222 580 Q226 340 420 328 Q602 336 612 580 Z', c) +
    p('M226 570 Q150 575 118 632 Q300 668 430 602 Q320 566 226 570 Z', c.shade) +
    `<circle cx="420" cy="326" r="16" fill="${c.shade}"/>` +
    stroke('M420 330 Q380 450 360 585', c.shade, 3) +
    stroke('M420 330 Q500 450 520 585', c.shade, 3) +
    dash('M230 560 Q420 540 606 560', c.line),
  scarf: (c) =>
    outline('M298 200 Q400 160 502 200 L522 300 Q400 332 278 300 Z', c) +
    outline('M300 290 L362 292 L352 832 L278 832 Z', c) +
    outline('M420 300 L502 292 L522 802 L440 812 Z', c) +
    [380, 470, 560, 650, 740]
      .map(
        (y) =>
          stroke(`M284 ${y} L360 ${y}`, c.line, 6, 'opacity="0.45"') +
          stroke(`M427 ${y - 8} L512 ${y - 12}`, c.line, 6, 'opacity="0.45"'),
      )
      .join('') +
    Array.from({ length: 7 }, (_, i) => stroke(`M${282 + i * 11} 834 L${282 + i * 11} 872`, c.shade, 4)).join('') +
    Array.from({ length: 7 }, (_, i) => stroke(`M${444 + i * 12} 812 L${446 + i * 12} 850`, c.shade, 4)).join(''),
  belt: (c) =>
    `<g transform="rotate(-8 400 500)">` +
    `<rect x="150" y="470" width="560" height="64" rx="30" fill="url(#${c.body})" stroke="${c.shade}" stroke-width="4"/>` +
    `<rect x="96" y="446" width="110" height="112" rx="14" fill="none" stroke="#C9A96E" stroke-width="14"/>` +
    stroke('M150 502 L206 502', '#C9A96E', 8) +
    [470, 520, 570, 620].map((x) => `<circle cx="${x}" cy="502" r="7" fill="${c.shade}"/>`).join('') +
    dash('M220 482 L690 482', c.line) +
    dash('M220 522 L690 522', c.line) +
    `</g>`,
  sunglasses: (c) =>
    stroke('M190 470 L110 440', c.fill, 16) +
    stroke('M610 470 L690 440', c.fill, 16) +
    `<rect x="180" y="420" width="200" height="160" rx="70" fill="#1d1d1f" stroke="${c.fill}" stroke-width="18"/>` +
    `<rect x="420" y="420" width="200" height="160" rx="70" fill="#1d1d1f" stroke="${c.fill}" stroke-width="18"/>` +
    stroke('M380 470 Q400 445 420 470', c.fill, 16) +
    p('M215 455 Q250 440 275 452 L230 520 Z', '#ffffff', 'opacity="0.25"') +
    p('M455 455 Q490 440 515 452 L470 520 Z', '#ffffff', 'opacity="0.25"'),
  wallet: (c) =>
    `<rect x="220" y="360" width="360" height="280" rx="26" fill="url(#${c.body})" stroke="${c.shade}" stroke-width="4"/>` +
    `<rect x="238" y="378" width="324" height="244" rx="18" fill="none" stroke="${c.line}" stroke-width="3" stroke-dasharray="10 8" opacity="0.8"/>` +
    p('M220 440 L580 440 L580 520 L440 520 Q420 540 400 520 L220 520 Z', c.shade, 'opacity="0.5"') +
    '<circle cx="420" cy="505" r="12" fill="#C9A96E"/>',
};

/** SVG markup of a family's silhouette. */
export function silhouette(family: Family, paint: Paint): string {
  return SHAPES[family](paint);
}
