/** Screen `faq` (spec §2): questions and answers. */
import type { Route } from './+types/faq';
import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { originFrom, seo } from '../shared/lib/seo';

const QA: [string, string][] = [
  ['Как войти?', 'По номеру телефона: нажмите «Войти», введите номер и код из СМС. Пароль не нужен.'],
  ['Сколько стоит доставка?', 'Доставку до пункта выдачи оплачивает продавец, для покупателя она бесплатна.'],
  [
    'Сколько берёт Витрина?',
    'Комиссия с продавца показывается в форме продажи ещё до публикации — вы сразу видите сумму, которую получите.',
  ],
  [
    'Что если вещь не подошла?',
    'Если вещь не соответствует описанию, откройте спор в течение 48 часов после получения — мы вернём деньги.',
  ],
  [
    'Безопасно ли платить картой?',
    'Да. Номер карты вы вводите на странице банка; Витрина хранит только последние четыре цифры и маркер шлюза.',
  ],
  [
    'Как долго бронируется вещь?',
    '15 минут с момента оформления заказа. Если оплата не прошла, вещь снова доступна другим.',
  ],
];

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Вопросы и ответы',
    description: 'Ответы на частые вопросы о покупке и продаже на Витрине.',
    path: '/faq',
    origin: originFrom(matches),
  });

export default function Faq() {
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Вопросы и ответы
        </Title>
        <Text c="dimmed">Не нашли ответ? Напишите нам: help@vitrina.example</Text>
        <Accordion variant="separated" radius="md">
          {QA.map(([q, a]) => (
            <Accordion.Item key={q} value={q}>
              <Accordion.Control>{q}</Accordion.Control>
              <Accordion.Panel>{a}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
