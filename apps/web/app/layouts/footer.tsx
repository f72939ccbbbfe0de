/** Site footer: links to every content page of spec §2 and to the privacy policy `/conf.pdf`. */
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

const columns: { title: string; links: [string, string][] }[] = [
  { title: 'Покупателям', links: [['/how-buy', 'Как купить'], ['/garanties', 'Гарантии'], ['/sizes', 'Таблица размеров'], ['/faq', 'Вопросы и ответы']] },
  { title: 'Продавцам', links: [['/how-sell', 'Как продать'], ['/account/sell-create', 'Продать вещь'], ['/account/sales-center', 'Центр продаж']] },
  { title: 'Витрина', links: [['/about', 'О нас'], ['/blog', 'Журнал'], ['/jobs', 'Вакансии'], ['/brands', 'Бренды']] },
];

export function Footer() {
  return (
    <footer style={{ background: 'var(--vt-mist)', marginTop: 48 }}>
      <div className="vt-container" style={{ padding: '40px 16px' }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
          {columns.map((c) => (
            <Stack key={c.title} gap={6}>
              <Text fw={700}>{c.title}</Text>
              {c.links.map(([href, label]) => (
                <Anchor key={href} component={Link} to={href} c="ink.9" fz="sm" prefetch="intent">
                  {label}
                </Anchor>
              ))}
            </Stack>
          ))}
          <Stack gap={6}>
            <Text fw={700}>Документы</Text>
            <Anchor href="/conf.pdf" c="ink.9" fz="sm" target="_blank" rel="noopener">
              Политика конфиденциальности
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Text c="dimmed" fz="sm" mt="xl">
          © 2026 Витрина — маркетплейс одежды, обуви и аксессуаров
        </Text>
      </div>
    </footer>
  );
}
