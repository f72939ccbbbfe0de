/**
 * Staff's `/admin/brands`: the server renders a neutral shell for everyone (no data, no hint of what is there); in the
 * browser staff get the screen and non-staff the 404 page.
 */
import { Container } from '@mantine/core';
import { AdminBrands } from '../features/admin';

export function meta() {
  return [{ title: 'Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <Container size="xl" py={{ base: 'md', sm: 32 }}>
      <AdminBrands />
    </Container>
  );
}
