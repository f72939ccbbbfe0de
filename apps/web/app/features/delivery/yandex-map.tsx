/**
 * Yandex Maps JS API v3 (spec §9: language ru_RU, version v3), loaded only when the server has a
 * `YANDEX_MAPS_API_KEY` (root loader data `yandexMapsApiKey`). Shows pickup points as markers; a click on
 * a marker selects the point. Without a key nothing is rendered — the searchable list is the chooser.
 */
import { Box, Skeleton, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PickupPoint } from '@vitrina/contract/orders';

/* Minimal typing of the parts of ymaps3 used here. */
interface YMapEntity {
  update?: (props: Record<string, unknown>) => void;
}
interface YMapInstance extends YMapEntity {
  addChild: (child: YMapEntity) => void;
  removeChild: (child: YMapEntity) => void;
  destroy: () => void;
}
interface Ymaps3 {
  ready: Promise<void>;
  YMap: new (el: HTMLElement, props: Record<string, unknown>) => YMapInstance;
  YMapDefaultSchemeLayer: new (props?: Record<string, unknown>) => YMapEntity;
  YMapDefaultFeaturesLayer: new (props?: Record<string, unknown>) => YMapEntity;
  YMapMarker: new (props: Record<string, unknown>, el: HTMLElement) => YMapEntity;
}

let loading: Promise<Ymaps3> | null = null;

/** Loads `https://api-maps.yandex.ru/v3/?apikey=…&lang=ru_RU` once per page. */
function loadYmaps(apiKey: string): Promise<Ymaps3> {
  const w = window as unknown as { ymaps3?: Ymaps3 };
  if (w.ymaps3) return w.ymaps3.ready.then(() => w.ymaps3!);
  if (!loading) {
    loading = new Promise<Ymaps3>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = `https://api-maps.yandex.ru/v3/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU`;
      s.async = true;
      s.onload = () => (w.ymaps3 ? w.ymaps3.ready.then(() => resolve(w.ymaps3!), reject) : reject(new Error('ymaps3')));
      s.onerror = () => {
        loading = null;
        reject(new Error('ymaps3'));
      };
      document.head.appendChild(s);
    });
  }
  return loading;
}

export interface PickupMapProps {
  apiKey: string;
  points: PickupPoint[];
  selectedId: number | null;
  onSelect: (point: PickupPoint) => void;
  height?: number | string;
}

export function PickupMap({ apiKey, points, selectedId, onSelect, height = 420 }: PickupMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{ ymaps: Ymaps3; map: YMapInstance; markers: YMapEntity[] } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    let cancelled = false;
    loadYmaps(apiKey)
      .then((ymaps) => {
        if (cancelled || !box.current) return;
        const m = new ymaps.YMap(box.current, { location: { center: [37.6176, 55.7558], zoom: 10 } });
        m.addChild(new ymaps.YMapDefaultSchemeLayer());
        m.addChild(new ymaps.YMapDefaultFeaturesLayer());
        map.current = { ymaps, map: m, markers: [] };
        setState('ready');
      })
      .catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
      map.current?.map.destroy();
      map.current = null;
    };
  }, [apiKey]);

  useEffect(() => {
    const cur = map.current;
    if (state !== 'ready' || !cur) return;
    for (const mk of cur.markers) cur.map.removeChild(mk);
    cur.markers = points.map((p) => {
      const el = document.createElement('button');
      el.type = 'button';
      el.title = `${p.service_label}: ${p.address}`;
      el.setAttribute('aria-label', `${p.service_label}, ${p.address}`);
      const active = p.id === selectedId;
      el.style.cssText = `width:${active ? 22 : 16}px;height:${active ? 22 : 16}px;border-radius:50%;border:2px solid #fff;cursor:pointer;transform:translate(-50%,-50%);background:${active ? '#E4572E' : '#111111'};box-shadow:0 1px 4px rgba(0,0,0,.35)`;
      el.addEventListener('click', () => onSelectRef.current(p));
      const marker = new cur.ymaps.YMapMarker({ coordinates: [p.lng, p.lat] }, el);
      cur.map.addChild(marker);
      return marker;
    });
    const focus = points.find((p) => p.id === selectedId) ?? points[0];
    if (focus)
      cur.map.update?.({ location: { center: [focus.lng, focus.lat], zoom: selectedId ? 14 : 11, duration: 300 } });
  }, [points, selectedId, state]);

  return (
    <Box pos="relative" h={height} style={{ borderRadius: 8, overflow: 'hidden', background: 'var(--vt-mist)' }}>
      <div ref={box} style={{ width: '100%', height: '100%' }} />
      {state === 'loading' && <Skeleton pos="absolute" inset={0} h="100%" />}
      {state === 'error' && (
        <Text pos="absolute" top="45%" w="100%" ta="center" c="dimmed" fz="sm">
          Карта не загрузилась — выберите пункт из списка.
        </Text>
      )}
    </Box>
  );
}
