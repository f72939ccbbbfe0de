/** CSP nonce of the current request, given by the server (entry.server) to inline scripts. */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
