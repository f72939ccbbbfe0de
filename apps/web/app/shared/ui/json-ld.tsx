/** Structured data (schema.org JSON-LD) for search engines: one script tag per object, with the CSP nonce. */
import { useNonce } from '../lib/nonce';

/** `<` escaped so the JSON can never close the script tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** Renders each of `data` (plain JSON-LD objects) as an `application/ld+json` script. */
export function JsonLd({ data }: { data: unknown[] }) {
  const nonce = useNonce();
  return (
    <>
      {data.map((d, i) => (
        <script
          key={i}
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: safeJson(d) }}
        />
      ))}
    </>
  );
}
