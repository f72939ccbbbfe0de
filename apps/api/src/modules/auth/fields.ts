/** Body fields shared by the calls that take an SMS code (sign-in here; deleting the account in the account module). */
import { z } from 'zod';

/** The code from the SMS: a string of digits or a number; a missing one or another type is a Russian 400. */
export const codeField = z
  .union([z.string().max(20), z.number().int().nonnegative()], {
    error: (iss) =>
      iss.input === undefined || iss.input === null
        ? 'Введите код из SMS.'
        : 'Код из SMS — строка из цифр, например «123456».',
  })
  .transform(String)
  .describe('Код из SMS');
