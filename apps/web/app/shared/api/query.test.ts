/** The data layer's rules: the client's answer unwrapped into a thrown ApiError; GETs retried except on 4xx. */
import { describe, expect, it } from 'vitest';
import { ApiError, errorInfo, errorMessage, shouldRetry, unwrap } from './query';

const info = (status: number) => ({ status, message: `ошибка ${status}`, fields: {} });

describe('unwrap', () => {
  it('answers the data of a successful call and throws an ApiError carrying the error otherwise', () => {
    expect(unwrap({ ok: true, data: [1], status: 200 })).toEqual([1]);
    let thrown: unknown;
    try {
      unwrap({ ok: false, error: info(404) });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(errorInfo(thrown)).toEqual(info(404));
    expect(errorMessage(thrown)).toBe('ошибка 404');
    expect(errorMessage(new Error('x'), 'запасной текст')).toBe('запасной текст');
  });
});

describe('shouldRetry', () => {
  it('tries a network failure or a 5xx twice more, never a 4xx', () => {
    expect(shouldRetry(0, new ApiError(info(0)))).toBe(true);
    expect(shouldRetry(1, new ApiError(info(503)))).toBe(true);
    expect(shouldRetry(2, new ApiError(info(503)))).toBe(false);
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, new ApiError(info(status)))).toBe(false);
  });
});
