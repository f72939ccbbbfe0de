import sharp from 'sharp';
import { photoSvg } from './images.js';
const fams = [
  'jacket',
  'puffer',
  'coat',
  'tshirt',
  'shirt',
  'hoodie',
  'sweater',
  'jeans',
  'trousers',
  'dress',
  'skirt',
  'shorts',
  'sneakers',
  'boots',
  'tallboots',
  'heels',
  'shoes',
  'sandals',
  'backpack',
  'crossbody',
  'tote',
  'clutch',
  'beanie',
  'cap',
  'scarf',
  'belt',
  'sunglasses',
  'wallet',
] as const;
const colors = ['black', 'white', 'beige', 'blue', 'red', 'green', 'grey', 'brown', 'pink', 'multicolor'];
const tiles = await Promise.all(
  fams.map(async (f, i) => ({
    input: await sharp(
      Buffer.from(photoSvg({ family: f, color: colors[i % colors.length]!, angle: 'front', brand: 'Moncler' })),
    )
      .resize(200, 250)
      .png()
      .toBuffer(),
    left: (i % 7) * 200,
    top: Math.floor(i / 7) * 250,
  })),
);
await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#fff' } })
  .composite(tiles)
  .png()
  .toFile('/tmp/seedtry/sheet.png');
const angles = ['front', 'back', 'detail', 'flat', 'close'] as const;
const t2 = await Promise.all(
  angles.map(async (a, i) => ({
    input: await sharp(
      Buffer.from(photoSvg({ family: 'sneakers', color: 'red', angle: a, brand: i === 0 ? 'Nike' : null })),
    )
      .resize(280, 350)
      .png()
      .toBuffer(),
    left: i * 280,
    top: 0,
  })),
);
await sharp({ create: { width: 1400, height: 350, channels: 3, background: '#fff' } })
  .composite(t2)
  .png()
  .toFile('/tmp/seedtry/angles.png');
