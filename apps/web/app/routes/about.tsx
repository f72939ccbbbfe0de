/** Screen `about` (spec §2): who we are. */
import type { Route } from './+types/about';
import { ContentPage, Bullets, TextLink } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'О Витрине',
    description:
      'Витрина — маркетплейс одежды, обуви и аксессуаров: новые вещи и вещи с историей от людей и небольших магазинов.',
    path: '/about',
    origin: originFrom(matches),
  });

export default function About() {
  return (
    <ContentPage
      title="О Витрине"
      lead="Витрина — место, где вещи находят новых хозяев. Новые и с историей: от масс-маркета до люкса, от людей со всей России."
      sections={[
        {
          title: 'Зачем мы это делаем',
          body: 'Хорошие вещи живут дольше, чем мода на них. Мы хотим, чтобы продать куртку было так же просто, как сфотографировать её, а купить — так же надёжно, как в магазине.',
        },
        {
          title: 'Как мы работаем',
          body: (
            <Bullets
              items={[
                'Продавец выставляет вещь за минуту с телефона',
                'Покупатель платит через Витрину — деньги продавец получит после получения заказа',
                'Доставка в пункты выдачи СДЭК, Boxberry, Почты России, Яндекс Доставки и 5Post',
              ]}
            />
          ),
        },
        {
          title: 'Узнать больше',
          body: (
            <>
              Прочитайте, <TextLink to="/how-buy">как купить</TextLink>, <TextLink to="/how-sell">как продать</TextLink>{' '}
              и какие у нас <TextLink to="/garanties">гарантии</TextLink>.
            </>
          ),
        },
      ]}
    />
  );
}
