/** Screen `how-buy` (spec §2): buying step by step — the text staff edit in the back office, rendered on the server. */
import type { Route } from './+types/how-buy';
import { loadContentPage, MarkdownPage } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'how-buy') };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.page.title ?? '',
    description: 'Как купить вещь на Витрине: выбор, корзина, пункт выдачи, оплата картой и получение.',
    path: '/how-buy',
    origin: originFrom(matches),
  });

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage title={loaderData.page.title} html={loaderData.page.html} />;
}
