/**
 * Staff's `/admin/disputes`: the server renders a neutral shell for everyone (no data, no hint of what is there);
 * in the browser staff get the disputes and non-staff the 404 page.
 */
import { Container } from '@mantine/core';
import { AdminDisputes } from '../features/disputes';

export function meta() {
  return [{ title: 'Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <AdminDisputes />
    </Container>
  );
}
