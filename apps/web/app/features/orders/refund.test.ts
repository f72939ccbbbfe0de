import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrina/contract/orders';
import { refundView } from './refund';

const base = {
  status: 'cancelled',
  total: 5990,
  payment: { id: 'p', status: 'canceled', confirmation_url: null },
} as unknown as Order;

describe('refundView', () => {
  it('shows a done refund with its amount, time and the 1–10 days note', () => {
    const v = refundView({
      ...base,
      refunded_amount: 5990,
      refunded_at: '2026-11-22T12:00:00.000Z',
      payment: { id: 'p', status: 'refunded', confirmation_url: null, refunded_amount: 5990 },
    });
    expect(v).toEqual({
      state: 'done',
      amount: 5990,
      at: '2026-11-22T12:00:00.000Z',
      note: 'Деньги вернутся на карту в течение 1–10 рабочих дней',
    });
  });
  it('says the refund is on its way for a cancelled order that was charged', () => {
    expect(refundView({ ...base, payment: { id: 'p', status: 'succeeded', confirmation_url: null } })?.state).toBe(
      'pending',
    );
  });
  it('says nothing for an order that was never charged', () => {
    expect(refundView(base)).toBeNull();
    expect(
      refundView({ ...base, status: 'paid', payment: { id: 'p', status: 'succeeded', confirmation_url: null } }),
    ).toBeNull();
  });
});
