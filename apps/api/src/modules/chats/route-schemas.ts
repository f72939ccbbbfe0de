/** What the `chats` module's routes share in their OpenAPI schemas: the tag, the token, the error answers. */
import { z } from 'zod';
import { detailError, fieldErrors } from '@vitrina/contract/common';

export const tags = ['Сообщения'];
export const security = [{ token: [] }];
/** A 400 or 413: `{detail}` or errors by field. */
export const bad = z.union([detailError, fieldErrors]);
/** Errors of every call about a conversation. */
export const errors = { 400: bad, 401: detailError, 404: detailError };
/** Errors of a call that writes to the other side (blocked: 403, over a limit: 429). */
export const writeErrors = { ...errors, 403: detailError, 429: detailError };
/** `?page=&page_size=` of a DRF page. */
export const pageQs = z.object({ page: z.string().optional(), page_size: z.string().optional() });
