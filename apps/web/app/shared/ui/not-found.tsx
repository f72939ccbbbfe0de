/** The 404 page (spec §2, §8): heading «404», a text that the page does not exist, a button home. */
import { LightButton } from './light-button';
import classes from './empty-state.module.css';

export function NotFound() {
  return (
    <div className={classes.notFound}>
      <h1 className={classes.code}>404</h1>
      <h2 className={classes.title}>Страница не найдена</h2>
      <p className={classes.text}>
        Такой страницы не существует или она была удалена. Проверьте адрес или начните с главной.
      </p>
      <LightButton to="/" size="md">
        На главную
      </LightButton>
    </div>
  );
}
