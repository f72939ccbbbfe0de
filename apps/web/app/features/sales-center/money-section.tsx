/**
 * The seller's money and standing: balance cards (₽ awaiting the buyer's receipt, available for payout, paid
 * out; `GET /v1/sales/balance/`), the fee (`GET /v1/fee/`) and the service level 0–100 over 30 days with its
 * one-line explanation (`GET /v1/sales/service-level/`).
 */
import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../shared/lib/dates';
import { useFee } from '../sell';
import { formatRubles } from './figures';
import { LoadError } from './load-error';
import { useBalance, useServiceLevel } from './queries';
import { StatCard } from './stat-card';
import { TONE } from './tones';

const percent = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

export function MoneySection() {
  const balance = useBalance();
  const fee = useFee();
  const b = balance.data;
  const f = fee.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="sales-money">
      <Title order={2} fz={22} id="sales-money">
        Деньги
      </Title>
      {balance.isError ? (
        <LoadError what="баланс" error={balance.error} retry={() => void balance.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {b ? (
            <>
              <StatCard
                testId="balance-awaiting"
                label="В открытых сделках"
                value={formatRubles(b.awaiting_completion)}
                note="Заказы ждут отправки или получения: станет доступно, когда покупатель подтвердит получение"
              />
              <StatCard
                testId="balance-available"
                label="Доступно к выплате"
                value={formatRubles(b.available)}
                note="Отправим на вашу карту для выплат"
              />
              <StatCard
                testId="balance-paid"
                label="Выплачено"
                value={formatRubles(b.paid_out)}
                note={b.last_payout_at ? `Последняя выплата ${formatDate(b.last_payout_at)}` : 'Выплат пока не было'}
              />
              <StatCard
                testId="balance-fee"
                label="Комиссия Витрины"
                value={
                  f ? (
                    `${percent.format(f.percent)}\u00a0%`
                  ) : (
                    <Skeleton h={28} w={60} component="span" display="block" />
                  )
                }
                note={`${f && f.min > 0 ? `Не меньше ${formatRubles(f.min)} с заказа. ` : ''}Удержано всего ${formatRubles(b.fees)}`}
              />
            </>
          ) : (
            Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={122} radius="md" />)
          )}
        </SimpleGrid>
      )}
      <ServiceLevelCard />
    </Stack>
  );
}

function ServiceLevelCard() {
  const query = useServiceLevel();
  if (query.isError) return <LoadError what="уровень сервиса" error={query.error} retry={() => void query.refetch()} />;
  const s = query.data;
  if (!s) return <Skeleton h={96} radius="md" />;
  const level = s.level;
  const tone = level === null ? 'flat' : level >= 90 ? 'up' : level >= 70 ? 'warn' : 'down';
  return (
    <Paper withBorder radius="md" p="md" data-testid="service-level">
      <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            Уровень сервиса
          </Text>
          {level === null ? (
            <Text fz="lg" fw={600} lh={1.4}>
              Пока нет оценки
            </Text>
          ) : (
            <Text fz={{ base: 24, sm: 28 }} fw={700} className="vt-price" c={TONE[tone]} lh={1.2}>
              {level}
              <Text span fz="md" fw={500} c="dimmed">
                {' '}
                из 100
              </Text>
            </Text>
          )}
        </Stack>
        <Text fz="xs" c="dimmed" ta="right">
          за 30 дней
        </Text>
      </Group>
      {level !== null && (
        <Progress
          value={level}
          color={TONE[tone]}
          size="sm"
          radius="xl"
          mt="xs"
          aria-label={`Уровень сервиса: ${level} из 100`}
        />
      )}
      <Text fz="sm" mt="xs">
        {s.explanation}
      </Text>
    </Paper>
  );
}
