/** Screen `how-sell` (spec §2): selling step by step. */
import type { Route } from './+types/how-sell';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { ContentPage } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

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
          body: 'Когда вещь оплатят, отнесите её в пункт выдачи за 5 дней — точную дату мы пришлём в уведомлении о заказе — и укажите трек-номер.',
        },
        {
          title: '4. Получите деньги',
          body: 'Когда покупатель подтвердит получение, сумма за вычетом комиссии сама уйдёт на вашу карту для выплат.',
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
