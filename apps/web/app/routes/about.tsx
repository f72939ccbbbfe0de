/** Screen `about` (spec §2): who we are — the text staff edit in the back office, rendered on the server. */
import type { Route } from './+types/about';
import { loadContentPage, MarkdownPage } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'about') };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.page.title ?? '',
    description:
      'Витрина — маркетплейс одежды, обуви и аксессуаров: новые вещи и вещи с историей от людей и небольших магазинов.',
    path: '/about',
    origin: originFrom(matches),
  });

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage title={loaderData.page.title} html={loaderData.page.html} />;
}
