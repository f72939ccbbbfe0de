/** The seller's subscribers and subscriptions as two tabs, 12 per page (spec §9; shown in «Центр продаж»). */
import { Tabs } from '@mantine/core';
import { UserList } from './user-list';

export function SubscriptionTabs() {
  return (
    <Tabs defaultValue="subscribers" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="subscribers">Подписчики</Tabs.Tab>
        <Tabs.Tab value="subscribes">Подписки</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="subscribers" pt="lg">
        <UserList which="subscribers" />
      </Tabs.Panel>
      <Tabs.Panel value="subscribes" pt="lg">
        <UserList which="subscribes" />
      </Tabs.Panel>
    </Tabs>
  );
}
