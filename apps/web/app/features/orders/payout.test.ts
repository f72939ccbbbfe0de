import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrina/contract/orders';
import { payoutView } from './payout';

const base = { status: 'completed', payout: 2700 } as unknown as Order;

describe('payoutView', () => {
  it('says when the payout was sent, by the Moscow day', () => {
    // 21:30 UTC on the 24th is already the 25th in Moscow
    const v = payoutView({ ...base, payout_status: 'sent', paid_out_at: '2026-11-24T21:30:00Z', payout_amount: 2700 });
    expect(v).toMatchObject({ label: 'Выплачено 25 ноября', amount: 2700, status: 'sent' });
  });
  it('names each state the seller waits in', () => {
    expect(payoutView({ ...base, payout_status: 'processing' })?.label).toBe('Выплата в обработке');
    expect(payoutView({ ...base, payout_status: 'waiting_card' })?.label).toBe('Добавьте карту для выплат');
    expect(payoutView({ ...base, status: 'shipped', payout_status: 'awaiting_completion' })?.label).toBe(
      'Ожидает получения покупателем',
    );
  });
  it('says nothing without payout fields or for a cancelled order', () => {
    expect(payoutView(base)).toBeNull();
    expect(payoutView({ ...base, status: 'cancelled', payout_status: null })).toBeNull();
  });
});
