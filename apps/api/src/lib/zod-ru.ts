/**
 * Russian validation messages for zod (architecture §3: every API error is Russian and names the field).
 *
 * zod's bundled `ru` locale mixes English type names into its text («ожидалось string, получено
 * undefined»); this error map speaks plain Russian for the common issues and falls back to that locale
 * for the rest. Messages given on a schema itself (`z.string({ error: '…' })`) still win.
 */
import { z } from 'zod';
import { plural, type PluralForms } from '@vitrina/contract/plural';

const TYPE_NAMES: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'true или false',
  object: 'объект',
  array: 'массив',
  date: 'дата',
  file: 'файл',
  null: 'null',
  nan: 'не число',
  undefined: 'пустое значение',
  symbol: 'символ',
  function: 'функция',
};

const UNITS: Record<string, PluralForms> = {
  string: ['символ', 'символа', 'символов'],
  array: ['элемент', 'элемента', 'элементов'],
  set: ['элемент', 'элемента', 'элементов'],
  file: ['байт', 'байта', 'байт'],
};

/** The JSON type of a value, in the words of {@link TYPE_NAMES}. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number';
  return typeof value;
}

const name = (type: string) => TYPE_NAMES[type] ?? type;

/**
 * The error map: a Russian sentence for an issue, or `undefined` to leave it to zod's `ru` locale.
 * @param issue a zod issue (its `code`, `input` and code-specific fields)
 */
export function russianIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Обязательное поле.';
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input) && !Number.isNaN(issue.input)) {
        return 'Слишком большое число.';
      }
      if (typeof issue.input === 'number' && Number.isNaN(issue.input)) return 'Нужно число.';
      return `Ожидается ${name(issue.expected)}, а пришло ${name(typeOf(issue.input))}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      const unit = UNITS[issue.origin];
      if (unit) {
        if (issue.origin === 'string' && min === 1) return 'Поле не может быть пустым.';
        return `Не меньше ${min} ${plural(min, unit)}.`;
      }
      return issue.inclusive ? `Значение должно быть не меньше ${min}.` : `Значение должно быть больше ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const unit = UNITS[issue.origin];
      if (unit) return `Не больше ${max} ${plural(max, unit)}.`;
      return issue.inclusive ? `Значение должно быть не больше ${max}.` : `Значение должно быть меньше ${max}.`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Допустимое значение: ${JSON.stringify(issue.values[0])}.`
        : `Выберите одно из значений: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return `Неизвестные поля: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `Число должно быть кратно ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
}

/** Installs zod's `ru` locale plus {@link russianIssueMessage} for every schema of this process. */
export function useRussianZodMessages(): void {
  z.config(z.locales.ru());
  z.config({ customError: russianIssueMessage });
}
