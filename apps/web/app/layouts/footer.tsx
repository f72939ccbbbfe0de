/**
 * Site footer: links to every content page of spec §2; «Документы» — the user agreement (/offer), the privacy policy
 * `/conf.pdf` and the support address (`SUPPORT_EMAIL`, when configured).
 */
import { useRouteLoaderData } from 'react-router';
import { ShopLink } from '../shared/ui/shop-link';
import classes from './footer.module.css';

const columns: { title: string; links: [string, string][] }[] = [
  {
    title: 'Покупателям',
    links: [
      ['/how-buy', 'Как купить'],
      ['/garanties', 'Гарантии'],
      ['/sizes', 'Таблица размеров'],
      ['/faq', 'Вопросы и ответы'],
    ],
  },
  {
    title: 'Продавцам',
    links: [
      ['/how-sell', 'Как продать'],
      ['/account/sell-create', 'Продать вещь'],
      ['/account/sales-center', 'Центр продаж'],
    ],
  },
  {
    title: 'Витрина',
    links: [
      ['/about', 'О нас'],
      ['/blog', 'Журнал'],
      ['/jobs', 'Вакансии'],
      ['/brands', 'Бренды'],
    ],
  },
];

export default function Footer() {
  const support = (useRouteLoaderData('root') as { supportEmail?: string | null } | undefined)?.supportEmail;
  return (
    <footer className={classes.footer}>
      <div className="vt-container" style={{ padding: '40px 16px' }}>
        <div className={classes.grid}>
          {columns.map((c) => (
            <div key={c.title} className={classes.column}>
              <p className={classes.title}>{c.title}</p>
              {c.links.map(([href, label]) => (
                <ShopLink key={href} to={href} className={classes.link}>
                  {label}
                </ShopLink>
              ))}
            </div>
          ))}
          <div className={classes.column}>
            <p className={classes.title}>Документы</p>
            <ShopLink to="/offer" className={classes.link}>
              Пользовательское соглашение
            </ShopLink>
            <a href="/conf.pdf" className={classes.link} target="_blank" rel="noopener">
              Политика конфиденциальности
            </a>
            {support && (
              <a href={`mailto:${support}`} className={classes.link}>
                Поддержка: {support}
              </a>
            )}
          </div>
        </div>
        <p className={classes.copy}>© 2026 Витрина — маркетплейс одежды, обуви и аксессуаров</p>
      </div>
    </footer>
  );
}
