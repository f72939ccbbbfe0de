/**
 * The cart page: items grouped by seller (an order is placed per seller), each with photo, title, size,
 * price, count («Уменьшить»/«Увеличить»), «Удалить»; a subtotal and «Оформить заказ» per seller
 * (→ /checkout?seller=<id>; a guest signs in over the cart first), the total. On open the availability check removes unavailable items with
 * a notice naming them. Empty state «Корзина пуста».
 */
import { ActionIcon, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMinus, IconPlus, IconShoppingBag, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { LightButton } from '../../shared/ui/light-button';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';
import { requireAuth, useAuth } from '../auth';
import { canIncrease, cartCount, cartTotal, groupBySeller, type CartItem } from './cart-rules';
import { useCart, useCartItems } from './store';
import classes from './cart.module.css';

/** Only a cart that lost items to the availability check shows the notice (Mantine's Alert): a chunk of its own. */
const Alert = lazyWithReload(() => import('../../shared/ui/notice'));
/** «Корзина пуста» shows only once the browser's cart is read (never on the server): a chunk of its own too. */
const EmptyState = lazyWithReload(() => import('../../shared/ui/empty-state'));

function CartLine({ item }: { item: CartItem }) {
  const { increase, decrease, remove } = useCart.getState();
  return (
    <div className={classes.line} data-testid="cart-item">
      <Link to={`/product/${item.slug}`} className={classes.photo} tabIndex={-1} aria-hidden>
        {item.photo ? <img src={item.photo} alt="" loading="lazy" /> : null}
      </Link>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        {item.brand && <Text className={classes.brand}>{item.brand}</Text>}
        <Anchor component={Link} to={`/product/${item.slug}`} c="ink.9" fz="sm" lineClamp={2}>
          {item.title ?? item.slug}
        </Anchor>
        <Text fz="sm" c="dimmed">
          Размер: {item.size}
        </Text>
        <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
          <Group gap={4} wrap="nowrap" className={classes.counter}>
            <ActionIcon
              variant="subtle"
              color="ink.9"
              aria-label="Уменьшить"
              onClick={() => decrease(item.slug, item.size)}
              disabled={item.count <= 1}
            >
              <IconMinus size={16} />
            </ActionIcon>
            <Text w={28} ta="center" fw={600} aria-label="Количество" data-testid="cart-count">
              {item.count}
            </Text>
            <ActionIcon
              variant="subtle"
              color="ink.9"
              aria-label="Увеличить"
              onClick={() => increase(item.slug, item.size)}
              disabled={!canIncrease(item)}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Group>
          <Text className="vt-price" data-testid="cart-line-total">
            {formatPrice(item.price * item.count)}
          </Text>
        </Group>
        {item.count > 1 && (
          <Text fz="xs" c="dimmed" ta="right">
            {formatPrice(item.price)} за штуку
          </Text>
        )}
      </Stack>
      <ActionIcon
        variant="subtle"
        color="gray.7"
        aria-label="Удалить"
        title="Удалить"
        onClick={() => remove(item.slug, item.size)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </div>
  );
}

export function CartView() {
  const mounted = useMounted();
  const { status } = useAuth();
  const navigate = useNavigate();
  // A guest signs in over the cart and then goes on to the checkout; closing the dialog leaves them here.
  const toCheckout = (e: MouseEvent<HTMLElement>, to: string) => {
    if (status === 'signed-in') return;
    e.preventDefault();
    requireAuth(() => void navigate(to));
  };
  const items = useCartItems();
  const [removed, setRemoved] = useState<CartItem[]>([]);
  const [checkFailed, setCheckFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    // The account's cart first (what was paid for is gone from it), then what is still on sale.
    void import('./server-sync')
      .then((m) => m.refreshCart())
      .then(() => import('./availability'))
      .then((m) => m.checkAvailability())
      .then((r) => {
        if (!alive) return;
        setRemoved(r.removed);
        setCheckFailed(!r.ok);
      });
    return () => {
      alive = false;
    };
  }, []);

  const notice = removed.length > 0 && (
    <LazyPart>
      <Alert
        color="orange"
        variant="light"
        mb="md"
        title="Некоторых товаров больше нет в продаже"
        role="status"
        withCloseButton
        onClose={() => setRemoved([])}
      >
        Мы убрали из корзины: {removed.map((r) => `«${r.title ?? r.slug}» (размер ${r.size})`).join(', ')}.
      </Alert>
    </LazyPart>
  );

  if (!mounted) {
    return (
      <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
        <Title order={1} fz={{ base: 26, sm: 36 }} mb="lg">
          Корзина
        </Title>
        <Stack gap="md" aria-busy="true">
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      </div>
    );
  }

  if (!items.length) {
    return (
      <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
        {notice}
        <LazyPart>
          <EmptyState
            icon={<IconShoppingBag size={48} stroke={1.2} aria-hidden />}
            title="Корзина пуста"
            text="Добавьте вещи из каталога — они подождут вас здесь."
            action={<LightButton to="/catalog/women">Перейти в каталог</LightButton>}
          />
        </LazyPart>
      </div>
    );
  }

  const groups = groupBySeller(items);
  return (
    <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
      <Group justify="space-between" align="baseline" mb="lg">
        <Title order={1} fz={{ base: 26, sm: 36 }}>
          Корзина
        </Title>
        <Text c="dimmed">{countLabel(cartCount(items), WORDS.product)}</Text>
      </Group>
      {notice}
      {checkFailed && (
        <Text c="dimmed" fz="sm" mb="md">
          Не удалось проверить наличие — проверим ещё раз при оформлении.
        </Text>
      )}
      <div className={classes.layout}>
        <Stack gap="lg">
          {groups.map((g) => {
            const subtotal = cartTotal(g.items);
            return (
              <Paper
                key={String(g.seller_id)}
                withBorder
                radius="md"
                p={{ base: 'sm', sm: 'lg' }}
                component="section"
                aria-label={`Продавец ${g.seller_name}`}
              >
                <Group justify="space-between" mb="sm" wrap="nowrap">
                  <Text fw={700}>
                    Продавец:{' '}
                    {g.seller_id !== null ? (
                      <Anchor component={Link} to={`/seller/${g.seller_id}`} c="ink.9">
                        {g.seller_name}
                      </Anchor>
                    ) : (
                      g.seller_name
                    )}
                  </Text>
                </Group>
                <Stack gap={0} className={classes.lines}>
                  {g.items.map((it) => (
                    <CartLine key={`${it.slug}:${it.size}`} item={it} />
                  ))}
                </Stack>
                <Group justify="space-between" mt="md" gap="sm">
                  <Text>
                    Итого у продавца: <span className="vt-price">{formatPrice(subtotal)}</span>
                  </Text>
                  {g.seller_id !== null && (
                    <LightButton
                      to={`/checkout?seller=${g.seller_id}`}
                      onClick={(e) => toCheckout(e, `/checkout?seller=${g.seller_id}`)}
                      className={classes.checkout}
                    >
                      Оформить заказ
                    </LightButton>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
        <Paper withBorder radius="md" p="lg" className={classes.summary} component="aside" aria-label="Итого">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text c="dimmed">Товары</Text>
              <Text>{countLabel(cartCount(items), WORDS.product)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700} fz="lg">
                Итого
              </Text>
              <Text fz="lg" className="vt-price" data-testid="cart-total">
                {formatPrice(cartTotal(items))}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed">
              Заказ оформляется отдельно у каждого продавца. Доставка считается при оформлении.
            </Text>
          </Stack>
        </Paper>
      </div>
    </div>
  );
}
