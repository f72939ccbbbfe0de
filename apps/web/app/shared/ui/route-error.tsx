/** A route-level error boundary that keeps the site header and footer: 404 → the 404 page, else a retry text. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EmptyState } from './empty-state';
import { LightButton } from './light-button';
import { NotFound } from './not-found';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <EmptyState
      title="Не удалось загрузить страницу"
      text="Проверьте соединение и попробуйте ещё раз — обычно это помогает."
      action={<LightButton onClick={() => window.location.reload()}>Обновить страницу</LightButton>}
    />
  );
}
