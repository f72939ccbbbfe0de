/** Screen `how-sell` (spec §2): selling step by step — the text staff edit in the back office, and «Продать вещь». */
import type { Route } from './+types/how-sell';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { loadContentPage, MarkdownPage } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'how-sell') };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.page.title ?? '',
    description: 'Как продать вещь на Витрине: фото, описание, цена, отправка заказа и выплата.',
    path: '/how-sell',
    origin: originFrom(matches),
  });

export default function HowSell({ loaderData }: Route.ComponentProps) {
  return (
    <MarkdownPage
      title={loaderData.page.title}
      html={loaderData.page.html}
      aside={
        <Button component={Link} to="/account/sell-create" size="md" w="fit-content">
          Продать вещь
        </Button>
      }
    />
  );
}
