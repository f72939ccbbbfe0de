/**
 * CSP nonce of the current request, given by the server (entry.server) to inline scripts, and the structured
 * data (JSON-LD) scripts that carry it. One module every page already loads, so structured data adds no chunk.
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/** `<` escaped so the JSON can never close the script tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** Renders each of `data` (plain schema.org JSON-LD objects) as an `application/ld+json` script with the nonce. */
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
