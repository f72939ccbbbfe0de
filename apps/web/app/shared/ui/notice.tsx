/**
 * Mantine's Alert as a module of its own, for notices only some pages show (a sold product, a draft):
 * load it with `lazyWithReload(() => import('…/notice'))` inside a `LazyPart`, and pages without such a
 * notice do not download Alert's code.
 */
import { Alert, type AlertProps } from '@mantine/core';

/** `<Alert>` with the same props. */
export default function Notice(props: AlertProps) {
  return <Alert {...props} />;
}
