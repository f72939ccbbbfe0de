/** One listing of «Мои товары»: photo, title, status, sizes, price, last change and its actions. */
import { Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { OwnerListing } from '@vitrina/contract/products';
import { Link } from 'react-router';
import { formatDate } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import type { ListingAction } from './queries';

/** The status badge's colour (others orange). */
const STATUS_COLOR: Record<string, string> = { active: 'green', draft: 'gray', blocked: 'red', pending_review: 'blue' };

/**
 * @param busy whether an action of this listing is running
 * @param onAction to drafts or publish; onDelete asks to confirm the deletion
 */
export function OwnerListingRow({
  listing: l,
  busy,
  onAction,
  onDelete,
}: {
  listing: OwnerListing;
  busy: boolean;
  onAction: (kind: Exclude<ListingAction, 'delete'>) => void;
  onDelete: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="owner-listing">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Link
          to={l.status === 'active' || l.status === 'draft' ? `/product/${l.slug}` : '#'}
          aria-label={l.title}
          style={{ flex: '0 0 auto' }}
        >
          {l.photo ? (
            <Image src={l.photo.url_small} alt="" w={80} h={100} radius="sm" fit="cover" />
          ) : (
            <Stack
              w={80}
              h={100}
              bg="var(--mantine-color-gray-1)"
              align="center"
              justify="center"
              style={{ borderRadius: 4 }}
            >
              <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
            </Stack>
          )}
        </Link>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {l.title}
            </Text>
            <Badge variant="light" color={STATUS_COLOR[l.status] ?? 'orange'} style={{ flex: 'none' }}>
              {l.status_label}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed" truncate>
            {[l.brand?.name ?? l.brand_text, l.offers.map((o) => `${o.size} × ${o.count}`).join(', ')]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {l.price > 0 ? formatPrice(l.price) : 'Цена не указана'}
          </Text>
          <ModerationNote listing={l} />
          <Text fz="xs" c="dimmed">
            Изменён {formatDate(l.updated_at)}
          </Text>
          <Group gap="xs" mt={4}>
            {(l.status === 'active' || l.status === 'draft') && (
              <Button component={Link} to={`/account/sell-create?edit=${l.id}`} size="compact-sm" variant="default">
                Редактировать
              </Button>
            )}
            {l.status === 'active' && (
              <Button size="compact-sm" variant="default" loading={busy} onClick={() => onAction('draft')}>
                В черновики
              </Button>
            )}
            {l.status === 'draft' && (
              <Button size="compact-sm" loading={busy} onClick={() => onAction('publish')}>
                Опубликовать
              </Button>
            )}
            {l.status !== 'reserved' && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
                Удалить
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * What staff decided about the listing, when it bears on it: the block's reason («Заблокировано»), the wait for the
 * authenticity check («На проверке»), the reason a check was declined (back in drafts).
 */
function ModerationNote({ listing: l }: { listing: OwnerListing }) {
  if (l.status === 'blocked') {
    return (
      <Text fz="sm" c="red.9" data-testid="block-reason">
        Заблокировано модератором{l.block_reason ? `: ${l.block_reason.replace(/[.!?…]*$/, '.')}` : '.'} Покупатели не
        видят товар; его можно только удалить.
      </Text>
    );
  }
  if (l.status === 'pending_review') {
    return (
      <Text fz="sm" c="ink.6" data-testid="review-note">
        На проверке: модератор сверяет фото подлинности. После проверки товар появится в каталоге с отметкой
        «Проверено».
      </Text>
    );
  }
  if (l.status === 'draft' && l.review_decline_reason) {
    return (
      <Text fz="sm" c="red.9" data-testid="review-declined">
        Подлинность не подтверждена: {l.review_decline_reason}
      </Text>
    );
  }
  return null;
}
