/**
 * «Добавить пункт выдачи»: a dialog with the pickup-point directory (`GET /v1/public/pickup-points/`):
 * city select (typing replaces the city shown; the ✕ clears it to search every city), service chips (they wrap on a
 * phone), search box with its own ✕, a list of points (radio cards, keyboard friendly) and — when the server has a
 * Yandex Maps key — a map (spec §9). Choosing saves the point (`POST /v1/delivery_points/`,
 * multipart, spec §7) and hands it to `onSaved`.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  CloseButton,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconClock, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import {
  DELIVERY_SERVICE_TYPES,
  type DeliveryPoint,
  type DeliveryServiceType,
  type PickupCity,
  type PickupPoint,
} from '@vitrina/contract/orders';
import { countLabel } from '../../shared/lib/plural';
import { errorMessage } from '../../shared/api/query';
import { useCreateDeliveryPoint, usePickupCities, usePickupPoints } from './queries';
import { PickupMap } from './yandex-map';

export interface PickupPointDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the saved delivery point. */
  onSaved: (point: DeliveryPoint) => void;
}

const DEFAULT_CITY = 'Москва';
const NO_CITIES: PickupCity[] = [];

export function PickupPointDialog({ opened, onClose, onSaved }: PickupPointDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const root = useRouteLoaderData('root') as { yandexMapsApiKey?: string | null } | undefined;
  const mapKey = root?.yandexMapsApiKey || null;

  // '' — every city (the city cleared).
  const [city, setCity] = useState<string>(DEFAULT_CITY);
  const [service, setService] = useState<DeliveryServiceType | 'all'>('all');
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const [selected, setSelected] = useState<PickupPoint | null>(null);
  const create = useCreateDeliveryPoint();
  const saving = create.isPending;
  const saveError = create.error ? errorMessage(create.error) : null;

  const cities = usePickupCities(opened).data ?? NO_CITIES;
  // Without Moscow in the directory the first city is shown instead.
  const shownCity =
    cities.length && city === DEFAULT_CITY && !cities.some((c) => c.city === city) ? cities[0]!.city : city;
  const cityRef = useRef(shownCity);
  cityRef.current = shownCity;
  const [citySearch, setCitySearch] = useState(shownCity);
  const pointsQuery = usePickupPoints(
    { city: shownCity || undefined, service: service === 'all' ? undefined : service, q: debouncedQ, pageSize: 50 },
    opened,
  );
  const points = pointsQuery.data?.results ?? null;
  const total = pointsQuery.data?.count ?? 0;
  const error = pointsQuery.error && !pointsQuery.isFetching ? errorMessage(pointsQuery.error) : null;

  const save = () => {
    if (!selected) return;
    create.mutate(
      {
        name: selected.name,
        address: selected.address,
        point_id: selected.point_id,
        delivery_service_type: selected.service as (typeof DELIVERY_SERVICE_TYPES)[number]['value'],
      },
      {
        onSuccess: (point) => {
          onSaved(point);
          setSelected(null);
          create.reset();
          onClose();
        },
      },
    );
  };

  const list = (
    <ScrollArea.Autosize mah={phone ? undefined : 420} type="auto" offsetScrollbars>
      {error ? (
        <Alert color="red" title="Не удалось загрузить пункты выдачи">
          <Text fz="sm">{error}</Text>
          <Button mt="sm" size="xs" variant="outline" onClick={() => void pointsQuery.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : points === null ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Загрузка пунктов выдачи">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={76} radius="md" />
          ))}
        </Stack>
      ) : points.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={600}>Ничего не нашлось</Text>
          <Text c="dimmed" fz="sm" ta="center">
            Попробуйте другой адрес, службу доставки или город.
          </Text>
        </Stack>
      ) : (
        <Radio.Group
          value={selected ? String(selected.id) : null}
          onChange={(v) => setSelected(points.find((p) => String(p.id) === v) ?? null)}
          aria-label="Пункты выдачи"
        >
          <Stack gap="xs">
            {points.map((p) => (
              <Radio.Card key={p.id} value={String(p.id)} radius="md" p="sm" data-testid="pickup-point">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Box style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Badge variant="light" color="ink" radius="sm" size="sm" tt="none">
                        {p.service_label}
                      </Badge>
                      <Text fw={600} fz="sm">
                        {p.name}
                      </Text>
                    </Group>
                    <Text fz="sm" mt={4}>
                      {p.address}
                    </Text>
                    {p.hours && (
                      <Group gap={4} mt={2} c="dimmed">
                        <IconClock size={14} aria-hidden />
                        <Text fz="xs" c="dimmed">
                          {p.hours}
                        </Text>
                      </Group>
                    )}
                  </Box>
                </Group>
              </Radio.Card>
            ))}
            {total > points.length && (
              <Text c="dimmed" fz="xs" ta="center">
                Показаны {points.length} из {countLabel(total, ['пункта', 'пунктов', 'пунктов'])} — уточните адрес в
                поиске.
              </Text>
            )}
          </Stack>
        </Radio.Group>
      )}
    </ScrollArea.Autosize>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Пункт выдачи"
      size={mapKey ? 1100 : 'lg'}
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      styles={{ title: { fontWeight: 700, fontSize: 20 } }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Город"
            placeholder="Все города"
            data={(cities.length ? cities.map((c) => c.city) : [DEFAULT_CITY]).map((c) => ({ value: c, label: c }))}
            value={shownCity || null}
            onChange={(v) => {
              cityRef.current = v ?? '';
              setCity(v ?? '');
              setSelected(null);
            }}
            searchable
            // The list opens with an empty search, so typing looks for a city instead of adding to «Москва»; closed,
            // the field shows the city again.
            searchValue={citySearch}
            onSearchChange={setCitySearch}
            onDropdownOpen={() => setCitySearch('')}
            onDropdownClose={() => setCitySearch(cityRef.current)}
            // A clear button of its own: Mantine's is hidden from assistive technology and out of the Tab order.
            rightSection={
              shownCity ? (
                <CloseButton
                  size="sm"
                  aria-label="Очистить город"
                  onClick={() => {
                    cityRef.current = '';
                    setCity('');
                    setCitySearch('');
                    setSelected(null);
                  }}
                />
              ) : undefined
            }
            rightSectionPointerEvents={shownCity ? 'all' : 'none'}
            allowDeselect={false}
            nothingFoundMessage="Нет такого города — очистите поле, чтобы искать адрес во всех"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Адрес или название"
            placeholder={shownCity ? 'Например, Тверская' : 'Улица во всех городах'}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              q ? <CloseButton size="sm" aria-label="Очистить адрес" onClick={() => setQ('')} /> : undefined
            }
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            // The dialog opens with the caret in the search (desktop): one can type an address at once. On a
            // phone the on-screen keyboard would hide the list, so focus stays on the dialog.
            data-autofocus={phone ? undefined : true}
          />
        </SimpleGrid>
        {/* The chips wrap on a phone too: in one scrolling row the last ones were off the 360 px screen. */}
        <Chip.Group value={service} onChange={(v) => setService(v as DeliveryServiceType | 'all')}>
          <Group gap={6} role="group" aria-label="Служба доставки" wrap="wrap">
            <Chip value="all" size="sm">
              Все службы
            </Chip>
            {DELIVERY_SERVICE_TYPES.map((s) => (
              <Chip key={s.value} value={s.value} size="sm">
                {s.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {mapKey ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list}
            {!phone && (
              <PickupMap
                apiKey={mapKey}
                points={points ?? []}
                selectedId={selected?.id ?? null}
                onSelect={setSelected}
              />
            )}
          </SimpleGrid>
        ) : (
          list
        )}
        {saveError && (
          <Alert color="red" title="Не удалось сохранить пункт">
            {saveError}
          </Alert>
        )}
        <Group
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          pt="sm"
          style={{
            borderTop: '1px solid var(--vt-line)',
            position: phone ? 'sticky' : undefined,
            bottom: 0,
            background: '#fff',
          }}
        >
          <Text fz="sm" c={selected ? undefined : 'dimmed'} lineClamp={2} style={{ minWidth: 0 }}>
            {selected ? `${selected.service_label}, ${selected.address}` : 'Выберите пункт в списке'}
          </Text>
          <Button onClick={save} disabled={!selected} loading={saving} style={{ flexShrink: 0 }}>
            Забрать здесь
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
