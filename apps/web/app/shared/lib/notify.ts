/**
 * Shows a Mantine notification without putting @mantine/notifications into a page's initial scripts: the
 * package is imported on the first call (root.tsx mounts its container lazily too; both share one store).
 *
 * The container itself is mounted only once a toast may be asked for (decision 0160): {@link useToastsWanted} turns
 * true on the page's first press or key, or on a call of {@link showNotification}; root.tsx also mounts it for a
 * signed-in user (the notification bell's toasts come unasked).
 */
import type { NotificationData } from '@mantine/notifications';
import { useEffect, useState } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

/** Marks that the page shows toasts now: the container mounts (a queued toast shows once it is there). */
function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const fn of listeners) fn();
}

/**
 * `notifications.show(data)`, once the package has loaded (a failed chunk load drops the message).
 * @param data what Mantine's `notifications.show` takes
 */
export function showNotification(data: NotificationData): void {
  wantToasts();
  import('@mantine/notifications').then(
    (m) => m.notifications.show(data),
    () => undefined,
  );
}

/** The events after which a toast may follow: a toast answers what a person did. */
const INTENTS = ['pointerdown', 'keydown'] as const;

/**
 * Whether the page may show a toast: false on the server and until the first press or key on the page (or the first
 * {@link showNotification}), then true for good. For the toasts' container (root.tsx).
 * @returns true once toasts may be shown
 */
export function useToastsWanted(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(true);
    if (wanted) return update();
    listeners.add(update);
    for (const type of INTENTS) window.addEventListener(type, wantToasts, { capture: true, passive: true });
    return () => {
      listeners.delete(update);
      for (const type of INTENTS) window.removeEventListener(type, wantToasts, { capture: true });
    };
  }, []);
  return on;
}
