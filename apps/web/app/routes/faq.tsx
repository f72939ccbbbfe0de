/**
 * Screen `faq` (spec §2): questions and answers. Every answer is in the server-rendered HTML (native
 * `<details>`, which opens without JavaScript) and in `FAQPage` structured data; each answer says what the shop
 * does today. The support address shows only when `SUPPORT_EMAIL` is configured.
 */
import type { Route } from './+types/faq';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { FaqList, faqJsonLd, TextLink } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';
import { JsonLd } from '../shared/lib/nonce';

export async function loader({ context }: Route.LoaderArgs) {
  return { support: context.contacts?.support ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Вопросы и ответы',
    description: 'Ответы на частые вопросы о покупке и продаже на Витрине: оплата, доставка, выплаты, отмена заказа.',
    path: '/faq',
    origin: originFrom(matches),
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { support } = loaderData;
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <JsonLd data={[faqJsonLd]} />
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Вопросы и ответы
        </Title>
        <Text c="dimmed">
          {support ? (
            <>
              Не нашли ответ? Напишите нам:{' '}
              <Anchor href={`mailto:${support}`} underline="always">
                {support}
              </Anchor>
            </>
          ) : (
            <>
              Подробнее — на страницах <TextLink to="/how-buy">«Как купить»</TextLink>,{' '}
              <TextLink to="/how-sell">«Как продать»</TextLink> и <TextLink to="/garanties">«Гарантии»</TextLink>.
            </>
          )}
        </Text>
        <FaqList />
      </Stack>
    </Container>
  );
}
