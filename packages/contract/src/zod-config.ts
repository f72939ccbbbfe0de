/**
 * zod in the browser runs without its `new Function` fast path: the shop's Content-Security-Policy forbids
 * eval, and zod's probe for it, although caught, is still reported as a CSP violation. Imported
 * first by every contract module that defines schemas; the server (no `document`) keeps the fast path.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
