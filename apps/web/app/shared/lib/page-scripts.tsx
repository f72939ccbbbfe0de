/**
 * The page's React Router scripts (`<Scripts>`): in the browser React Router's own; on the server, when the entry
 * provides one ({@link ServerScriptsContext}), a stand-in that renders the same two inline scripts with the route
 * modules' text left as a mark, which the entry fills in as bytes with the module preloads and the route data
 * (shared/lib/page-scripts.server.ts, issue 17 «cold render»). Without a provider (development with Vite, the
 * reference render of the tests) React Router's `<Scripts>` renders on the server too.
 */
import { createContext, use, type ComponentType } from 'react';
import { Scripts } from 'react-router';

/** What renders the page's scripts on the server (given by entry.server); null: React Router's `<Scripts>`. */
export const ServerScriptsContext = createContext<ComponentType<{ nonce?: string }> | null>(null);

/** React Router's `<Scripts nonce>`, or the server's stand-in for it (see the module's description). */
export function PageScripts({ nonce }: { nonce?: string }) {
  const Server = use(ServerScriptsContext);
  return Server ? <Server nonce={nonce} /> : <Scripts nonce={nonce} />;
}
