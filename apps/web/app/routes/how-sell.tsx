/** Screen `how-sell` (spec §2): selling step by step. */
import type { Route } from './+types/how-sell';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { ContentPage } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';
import { BUYER_PROTECTION } from '@vitrina/contract/orders';
import { plural } from '@vitrina/contract/plural';

const SHIP = `${BUYER_PROTECTION.shipWithinDays} ${plural(BUYER_PROTECTION.shipWithinDays, ['день', 'дня', 'дней'])}`;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Как продать',
    description: 'Как продать вещь на Витрине: фото, описание, цена, отправка заказа и выплата.',
    path: '/how-sell',
    origin: originFrom(matches),
  });

export default function HowSell() {
  return (
    <ContentPage
      title="Как продать"
      lead="Выставить вещь — минута с телефона. Остальное мы берём на себя."
      sections={[
        {
          title: '1. Сфотографируйте',
          body: 'До 10 фото при дневном свете: вещь целиком, бирка, детали и дефекты, если есть.',
        },
        {
          title: '2. Опишите',
          body: 'Бренд, категория, состояние, размер и цена. Мы сразу покажем, сколько вы получите после комиссии.',
        },
        {
          title: '3. Отправьте заказ',
          body: `Когда вещь оплатят, отнесите её в пункт выдачи покупателя за ${SHIP} — до конца ${BUYER_PROTECTION.shipWithinDays}-го дня после оплаты по Москве («Отправьте до 29 ноября» в заказе, в уведомлении и в SMS) — и укажите трек-номер. Доставку оплачиваете вы: для покупателя она бесплатна. Не успели — заказ отменится, деньги вернутся покупателю, а отмена снизит ваш показатель «Отправляет вовремя». Если отправить не получится, лучше сразу отменить заказ с причиной.`,
        },
        {
          title: '4. Получите деньги',
          body: `Когда покупатель подтвердит получение — или через ${BUYER_PROTECTION.confirmWithinHours} часов после доставки, если он не сообщил о проблеме, — сумма за вычетом комиссии сама уйдёт на вашу карту для выплат.`,
        },
      ]}
      aside={
        <Button component={Link} to="/account/sell-create" size="md" w="fit-content">
          Продать вещь
        </Button>
      }
    />
  );
}
