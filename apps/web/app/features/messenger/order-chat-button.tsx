/** «Написать продавцу» / «Написать покупателю» on an order: opens the order's conversation. */
import { Button } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showNotification } from '../../shared/lib/notify';
import { openChat } from './api';

export function OrderChatButton({ orderId, role }: { orderId: number; role: 'buyer' | 'seller' }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const res = await openChat({ order: orderId });
    setBusy(false);
    if (!res.ok) {
      showNotification({ color: 'red', message: res.error.message });
      return;
    }
    void navigate(`/account/messenger?chat=${res.data.id}`);
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconMessage2 size={16} stroke={1.6} />}
      onClick={() => void open()}
      loading={busy}
    >
      {role === 'buyer' ? 'Написать продавцу' : 'Написать покупателю'}
    </Button>
  );
}
