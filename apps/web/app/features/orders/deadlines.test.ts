import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrina/contract/orders';
import { deadlineView } from './deadlines';

const base = { ship_by: null, deliver_by: null, confirm_by: null } as unknown as Order;
const now = new Date('2026-11-25T12:00:00Z');

describe('deadlineView', () => {
  it('tells the seller the ship-by day and the buyer who ships by when', () => {
    const o = { ...base, ship_by: '2026-11-29T20:59:59.999Z' };
    expect(deadlineView(o, 'seller', now)).toEqual({ step: 'shipped', overdue: false, text: 'Отправьте до 29 ноября' });
    expect(deadlineView(o, 'buyer', now)?.text).toBe('Продавец отправит до 29 ноября');
    expect(deadlineView(o, 'seller', new Date('2026-11-30T00:00:00Z'))?.overdue).toBe(true);
  });

  it('gives the buyer the exact time to confirm or report a problem', () => {
    const o = { ...base, confirm_by: '2026-12-03T11:20:00Z' };
    expect(deadlineView(o, 'buyer', now)?.text).toBe(
      'Подтвердите получение или сообщите о проблеме до 3 декабря, 14:20',
    );
  });

  it('has nothing to say without a deadline', () => {
    expect(deadlineView(base, 'buyer', now)).toBeNull();
  });
});
