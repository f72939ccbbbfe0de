/**
 * Screen `offer` (/offer): the user agreement (публичная оферта) — what the shop does, what buyers and sellers
 * agree to, how money, delivery and returns work today, and how to reach support (`SUPPORT_EMAIL`, when configured).
 */
import type { Route } from './+types/offer';
import { Anchor } from '@mantine/core';
import { Bullets, ContentPage } from '../features/content';
import type { LoadContext } from '../shared/lib/load-context';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { support: (context as unknown as LoadContext).contacts?.support ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Пользовательское соглашение',
    description: 'Условия использования Витрины: покупка и продажа вещей, оплата, доставка, выплаты и возвраты.',
    path: '/offer',
    origin: originFrom(matches),
  });

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { support } = loaderData;
  return (
    <ContentPage
      title="Пользовательское соглашение"
      lead="Публичная оферта Витрины. Пользуясь сайтом — входя по номеру телефона, выставляя или покупая вещь, — вы принимаете эти условия."
      sections={[
        {
          title: '1. Что делает Витрина',
          body: 'Витрина — площадка, на которой частные продавцы и магазины выставляют одежду, обувь, сумки и аксессуары, а покупатели их покупают. Договор купли-продажи вещи заключают покупатель и продавец; Витрина принимает оплату, хранит деньги до получения заказа и передаёт их продавцу.',
        },
        {
          title: '2. Профиль',
          body: (
            <Bullets
              items={[
                'Вход — по номеру телефона и коду из SMS; профиль создаётся при первом входе',
                'Вы отвечаете за то, что происходит в вашем профиле; выйти на всех устройствах можно в профиле',
                'Профиль можно удалить в любой момент, если нет незавершённых заказов',
              ]}
            />
          ),
        },
        {
          title: '3. Продавцу',
          body: (
            <Bullets
              items={[
                'Выставляйте только свои вещи, описывайте их честно и фотографируйте сами',
                'Комиссия Витрины — процент от цены; она и сумма к выплате видны при выставлении вещи, до публикации',
                'Оплаченный заказ нужно отправить до конца пятого дня после оплаты, иначе он отменяется и деньги возвращаются покупателю',
                'Деньги за заказ уходят на карту для выплат после того, как покупатель подтвердит получение (или через 48 часов после доставки)',
              ]}
            />
          ),
        },
        {
          title: '4. Покупателю',
          body: (
            <Bullets
              items={[
                'Оплата — только на Витрине, картой; данные карты вводятся на странице банка',
                'Неоплаченный заказ можно отменить; оплаченный продавец может отменить до отправки — деньги вернутся на карту',
                'Подтвердите получение, только если вещь пришла и соответствует описанию',
              ]}
            />
          ),
        },
        {
          title: '5. Персональные данные',
          body: (
            <>
              Мы обрабатываем номер телефона, имя, адрес пункта выдачи и историю заказов, чтобы сайт работал, по{' '}
              <Anchor href="/conf.pdf" target="_blank" rel="noopener" inherit underline="always">
                политике обработки персональных данных
              </Anchor>{' '}
              (152-ФЗ).
            </>
          ),
        },
        {
          title: '6. Связь с нами',
          body: support ? (
            <>
              Вопросы и претензии — на{' '}
              <Anchor href={`mailto:${support}`} underline="always">
                {support}
              </Anchor>
              . Отвечаем в течение двух рабочих дней.
            </>
          ) : (
            'Адрес поддержки ещё не указан владельцем магазина.'
          ),
        },
      ]}
    />
  );
}
