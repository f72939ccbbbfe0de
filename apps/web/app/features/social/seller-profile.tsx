/**
 * The seller's page (screen seller-user, server-rendered): avatar, name, city, time on Vitrina, listing and
 * subscriber counts, the rating and «Отправляет вовремя — 96 %», the subscribe button, their active listings paged
 * by links (`?page=N`), and the reviews about them with the star distribution (features/reviews).
 */
import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Page } from '@vitrina/contract/common';
import type { ProductCard, SellerPage } from '@vitrina/contract/catalog';
import type { Review } from '@vitrina/contract/reviews';
import { useState } from 'react';
import { plural } from '@vitrina/contract/plural';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { EmptyState } from '../../shared/ui/empty-state';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { ListingPageLinks } from '../../shared/ui/listing-page-links';
import { ProductGrid } from '../../shared/ui/product-card';
import { RatingLine, SellerReviews } from '../reviews';

/*
 * Parts of their own (JS per page, as on the listing pages): the subscribe and report buttons (Mantine's
 * Button and Loader) are server-rendered and hydrate when their code has arrived — started at once in the browser.
 * The page links under the 24 cards hydrate on sight (shared/ui/listing-page-links.tsx, as the catalog's).
 */
const SellerActions = lazyWithReload(() => import('./seller-actions'));
if (!import.meta.env.SSR) void SellerActions.preload();

export const SELLER_PAGE_SIZE = 24;
const SUBSCRIBERS = ['подписчик', 'подписчика', 'подписчиков'] as const;
const YEARS = ['год', 'года', 'лет'] as const;

/**
 * «на Витрине с 2024 года» during the first year, then «2 года на Витрине»: whole years, by UTC dates, so the server
 * and every browser, wherever it is, count the same.
 * @param joined the account's `date_joined` (an ISO instant)
 * @param today the UTC date of the render, `YYYY-MM-DD` (the server's: SSR and hydration agree)
 */
export function timeOnVitrina(joined: string, today: string): string {
  const d = new Date(joined);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (Number.isNaN(d.getTime()) || !m) return '';
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  let years = year - d.getUTCFullYear();
  if (month < d.getUTCMonth() || (month === d.getUTCMonth() && day < d.getUTCDate())) years -= 1;
  if (years < 1) return `на Витрине с ${d.getUTCFullYear()} года`;
  return `${years} ${plural(years, YEARS)} на Витрине`;
}

export function SellerProfile({
  seller,
  products,
  reviews,
  page,
  today,
}: {
  seller: SellerPage;
  products: Page<ProductCard>;
  reviews: Page<Review>;
  page: number;
  /** The UTC date of the render, `YYYY-MM-DD` (see {@link timeOnVitrina}). */
  today: string;
}) {
  const [subscribers, setSubscribers] = useState(seller.subscribers_count);
  const pages = Math.max(1, Math.ceil(products.count / SELLER_PAGE_SIZE));
  return (
    <Stack gap="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="lg" align="center" wrap="wrap">
          <Avatar src={seller.avatar?.url} alt="" size={96} radius={999} color="ink" fz={36}>
            {seller.name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {seller.name}
            </Title>
            <Text c="dimmed">
              {[seller.city, timeOnVitrina(seller.date_joined, today)].filter(Boolean).join(' · ')}
            </Text>
            <Text data-testid="seller-counts">
              {countLabel(seller.products_count, WORDS.product)} · {countLabel(subscribers, SUBSCRIBERS)}
            </Text>
            <Group gap="md" wrap="wrap">
              <RatingLine rating={seller.rating} count={seller.reviews_count} />
              {seller.service_level != null && (
                <Text fz="sm" data-testid="service-level">
                  Отправляет вовремя — {seller.service_level}&nbsp;%
                </Text>
              )}
            </Group>
            {seller.about && (
              <Text fz="sm" mt={4} maw={640} style={{ whiteSpace: 'pre-line' }}>
                {seller.about}
              </Text>
            )}
          </Stack>
          <LazyPart>
            <SellerActions
              sellerId={seller.id}
              onChange={(on) => setSubscribers((n) => Math.max(0, n + (on ? 1 : -1)))}
            />
          </LazyPart>
        </Group>
      </Paper>
      <section aria-labelledby="seller-listings">
        <Title order={2} fz={22} id="seller-listings" mb="md">
          Товары продавца
        </Title>
        {products.count === 0 ? (
          <EmptyState
            title="Сейчас нет товаров в продаже"
            text="Подпишитесь, чтобы узнать, когда продавец выставит новые вещи."
          />
        ) : (
          <ProductGrid products={products.results} />
        )}
        {pages > 1 && <ListingPageLinks page={page} totalPages={pages} pathname={`/seller/${seller.id}`} search="" />}
      </section>
      <SellerReviews
        sellerId={seller.id}
        rating={seller.rating}
        distribution={seller.rating_distribution}
        reviews={reviews}
      />
    </Stack>
  );
}
