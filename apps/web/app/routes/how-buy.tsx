/** Screen `how-buy` (spec §2): buying step by step. */
import type { Route } from './+types/how-buy';
import { ContentPage, TextLink } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Как купить',
    description: 'Как купить вещь на Витрине: выбор, корзина, пункт выдачи, оплата картой и получение.',
    path: '/how-buy',
    origin: originFrom(matches),
  });

export default function HowBuy() {
  return (
    <ContentPage
      title="Как купить"
      lead="Пять шагов от находки до примерки."
      sections={[
        {
          title: '1. Найдите вещь',
          body: (
            <>
              Ищите по бренду, категории или просто словами — поиск понимает русский язык и опечатки. Загляните в{' '}
              <TextLink to="/brands">бренды</TextLink>.
            </>
          ),
        },
        {
          title: '2. Выберите размер и добавьте в корзину',
          body: (
            <>
              Сверьтесь с <TextLink to="/sizes">таблицей размеров</TextLink>. Вещи от разных продавцов оформляются
              отдельными заказами.
            </>
          ),
        },
        {
          title: '3. Укажите пункт выдачи',
          body: 'Выберите удобный пункт СДЭК, Boxberry, Почты России, Яндекс Доставки или 5Post — мы запомним его для следующих заказов.',
        },
        {
          title: '4. Оплатите картой',
          body: 'Оплата проходит на защищённой странице банка. Мы не видим и не храним номер вашей карты. Вещь бронируется за вами на 15 минут.',
        },
        {
          title: '5. Получите и подтвердите',
          body: 'Продавец отправит заказ и укажет трек-номер. Когда заберёте посылку, подтвердите получение в «Истории покупок».',
        },
      ]}
    />
  );
}
