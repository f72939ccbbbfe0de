/** Screen `garanties` (spec §2): buyer and seller protection — the text staff edit in the back office, rendered on the server. */
import type { Route } from './+types/garanties';
import { loadContentPage, MarkdownPage } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'garanties') };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.page.title ?? '',
    description:
      'Гарантии Витрины: деньги у нас до завершения сделки, отправка за 5 дней, 48 часов на проверку вещи, споры и возвраты.',
    path: '/garanties',
    origin: originFrom(matches),
  });

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage title={loaderData.page.title} html={loaderData.page.html} />;
}
