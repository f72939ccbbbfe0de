import { describe, expect, it } from 'vitest';
import { normalizeTracking, trackingProblem, trackingUrl } from './orders';

describe('tracking numbers by delivery service', () => {
  it.each([
    ['russian_post', '80082345678901'],
    ['russian_post', 'ra 123456789 ru'],
    ['cdek', '1234 567 890'],
    ['boxberry', 'DBS12345678'],
    ['yandex', 'LO-123456789'],
    ['5post', '12345678901'],
  ])('%s takes %s', (service, n) => expect(trackingProblem(service, n)).toBeNull());

  it.each([
    ['russian_post', '1234567890', /Почты России — 14 цифр/],
    ['russian_post', 'RA12345678RU', /RA123456789RU/],
    ['cdek', 'RA123456789RU', /СДЭК — 10 цифр/],
    ['cdek', '123456789', /СДЭК/],
    ['boxberry', 'ABCDEFGHIJ', /Boxberry/],
    ['yandex', 'абв-123456789', /Яндекс Доставки/],
  ])('%s refuses %s', (service, n, message) => expect(trackingProblem(service, n)).toMatch(message));

  it('normalises and links to the carrier page; an unknown service takes anything and has no link', () => {
    expect(normalizeTracking(' ra 1234 5678 9ru ')).toBe('RA123456789RU');
    expect(trackingUrl('russian_post', 'RA123456789RU')).toBe('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    expect(trackingUrl('cdek', '1234567890')).toBe('https://www.cdek.ru/ru/tracking/?order_id=1234567890');
    expect(trackingProblem('dhl', 'x')).toBeNull();
    expect(trackingUrl('dhl', 'x')).toBeNull();
  });
});
