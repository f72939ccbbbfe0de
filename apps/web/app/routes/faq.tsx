/**
 * Screen `faq` (spec §2): questions and answers as staff keep them in the back office (`## Question`, then the
 * answer). Every answer is in the server-rendered HTML (native `<details>`, which opens without JavaScript) and in
 * `FAQPage` structured data derived from the same stored text. The support address shows only when `SUPPORT_EMAIL`
 * is configured.
 */
import type { Route } from './+types/faq';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { FaqList, faqJsonLd, loadContentPage, TextLink } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';
import { JsonLd } from '../shared/lib/nonce';

export async function loader({ context }: Route.LoaderArgs) {
  return {
    page: await loadContentPage(context, 'faq'),
    support: context.contacts?.support ?? null,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.page.title ?? '',
    description: 'Ответы на частые вопросы о покупке и продаже на Витрине: оплата, доставка, выплаты, отмена заказа.',
    path: '/faq',
    origin: originFrom(matches),
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { page, support } = loaderData;
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <JsonLd data={[faqJsonLd(page.faq)]} />
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {page.title}
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
        <FaqList items={page.faq} />
      </Stack>
    </Container>
  );
}
