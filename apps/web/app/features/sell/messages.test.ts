import { describe, expect, it } from 'vitest';
import { missingParts } from './messages';

describe('missingParts', () => {
  it('turns field messages into one clause without stray periods or capitals', () => {
    const text = `Чтобы опубликовать, заполните товар до конца: ${missingParts(['Добавьте от 1 до 10 фотографий.', 'Выберите бренд.'])}.`;
    expect(text).toBe('Чтобы опубликовать, заполните товар до конца: добавьте от 1 до 10 фотографий; выберите бренд.');
  });
});
