/**
 * Shows a Mantine notification without putting @mantine/notifications into a page's initial scripts: the
 * package is imported on the first call (root.tsx mounts its container lazily too; both share one store).
 */
import type { NotificationData } from '@mantine/notifications';

/**
 * `notifications.show(data)`, once the package has loaded (a failed chunk load drops the message).
 * @param data what Mantine's `notifications.show` takes
 */
export function showNotification(data: NotificationData): void {
  import('@mantine/notifications').then(
    (m) => m.notifications.show(data),
    () => undefined,
  );
}
