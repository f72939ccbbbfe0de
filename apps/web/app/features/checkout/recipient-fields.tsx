/**
 * Checkout's «Получатель»: the full name and phone the carrier needs (the pickup point checks them), prefilled from
 * the profile. The name is checked here by the contract's rule (name and surname); the phone by the server
 * (libphonenumber-js), whose message lands under the field.
 */
import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { recipientNameProblem } from '@vitrina/contract/orders';
import { displayPhone, type SelfUser } from '../auth';

export interface RecipientValue {
  name: string;
  phone: string;
}

/** The profile's name and phone as the fields' first values. */
export const recipientFromProfile = (user: SelfUser | null): RecipientValue => ({
  name: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
  phone: displayPhone(user?.phone),
});

/** What blocks the order in the fields (checked on «Оплатить»): field → message. */
export function recipientProblems(v: RecipientValue): Partial<Record<keyof RecipientValue, string>> {
  const out: Partial<Record<keyof RecipientValue, string>> = {};
  const name = recipientNameProblem(v.name);
  if (name) out.name = name;
  if (!v.phone.trim()) out.phone = 'Укажите телефон получателя — на него придёт код для получения посылки.';
  return out;
}

export function RecipientFields({
  value,
  errors,
  onChange,
}: {
  value: RecipientValue;
  errors: Partial<Record<keyof RecipientValue, string>>;
  onChange: (next: RecipientValue) => void;
}) {
  return (
    <>
      <Text fz="sm" c="dimmed" mt={-8} mb="md">
        Их попросит пункт выдачи: укажите, как в паспорте. Продавец увидит их после оплаты, чтобы заполнить накладную.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Имя и фамилия получателя"
          placeholder="Анна Иванова"
          autoComplete="name"
          required
          maxLength={100}
          value={value.name}
          error={errors.name}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
        />
        <TextInput
          label="Телефон получателя"
          placeholder="+7 (999) 123-45-67"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={40}
          value={value.phone}
          error={errors.phone}
          onChange={(e) => onChange({ ...value, phone: e.currentTarget.value })}
        />
      </SimpleGrid>
    </>
  );
}
