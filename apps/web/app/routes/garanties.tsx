/** Screen `garanties` (spec §2): buyer and seller protection. */
import type { Route } from './+types/garanties';
import { ContentPage, Bullets } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Гарантии',
    description: 'Гарантии Витрины: безопасная оплата, возврат денег, защита данных карты.',
    path: '/garanties',
    origin: originFrom(matches),
  });

export default function Garanties() {
  return (
    <ContentPage
      title="Гарантии"
      lead="Мы держим деньги покупателя, пока сделка не завершится."
      sections={[
        {
          title: 'Покупателю',
          body: (
            <Bullets
              items={[
                'Оплата только через Витрину — продавец получит деньги после того, как вы подтвердите получение',
                'Если заказ не отправлен за 3 дня, деньги вернутся автоматически',
                'Если вещь не соответствует описанию, откройте спор в течение 48 часов после получения',
              ]}
            />
          ),
        },
        {
          title: 'Продавцу',
          body: (
            <Bullets
              items={[
                'Покупатель не сможет забрать деньги после подтверждения получения',
                'Комиссия видна заранее — при выставлении вещи',
              ]}
            />
          ),
        },
        {
          title: 'Данные карты',
          body: 'Номер карты вводится на странице банка. Витрина хранит только маркер платёжного шлюза, платёжную систему и последние четыре цифры.',
        },
      ]}
    />
  );
}
