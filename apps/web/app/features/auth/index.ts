/** Public face of the auth feature: the signed-in state, the account guard and the account's own screens. */
/**
 * `useAuth()` reads `{user, token, status}`; `useRequireUser()` is the account guard (dialog and `/`);
 * `useSignInHere(leaveTo)` the guard of buying pages (dialog over the page); `openSignIn()` opens the dialog.
 */
export { openSignIn, useAuth, useRequireUser, useSignInHere } from './use-auth';
/** Runs an action that needs an account: at once when signed in, else right after signing in through the dialog. */
export { requireAuth, type AuthAction } from './require-auth';
/** The signed-in user (`GET /v1/self/` info) and the authentication status. */
export type { AccountExtras, AuthStatus, SelfUser } from './types';
/** The header's account control: «Войти» or the user menu. */
export { AccountMenu } from './account-menu';
/** «Как вас представить покупателям?»: the name asked of a seller who has none before a listing goes on sale. */
export { lacksName, NamePrompt } from './name-prompt';
/** Account navigation: the phone strip, the sidebar and the list of sections. */
export { ACCOUNT_NAV, AccountNavStrip, AccountSidebar } from './account-nav';
/** «Профиль»: the user's own data, avatar, signed-in devices and sign-out. */
export { ProfilePage } from './profile-page';
/** «Удалить аккаунт» (152-ФЗ): the explanation and the SMS-confirmed dialog; the last block of `/account`. */
export { DeleteAccountSection } from './delete-account-section';
/** An E.164 number shown as `+7 (999) 123-45-67` (others as they are). */
export { displayPhone } from './phone-mask';
