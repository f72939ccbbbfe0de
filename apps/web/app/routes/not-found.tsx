/** Any unmatched path (spec §2, §8): the 404 page with HTTP status 404. */
import { data } from 'react-router';
import { NotFound } from '../shared/ui/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Страница не найдена — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
