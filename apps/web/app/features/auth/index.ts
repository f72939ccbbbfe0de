/** Public face of the auth feature: the signed-in state, the account guard and the account's own screens. */
/** `useAuth()` reads `{user, token, status}`; `useRequireUser()` is the account guard; `openSignIn()` opens the dialog. */
export { openSignIn, useAuth, useRequireUser } from './use-auth';
/** Hears the sign-in dialog close (a guest's waiting action is dropped when they gave up). */
export { onSignInClosed } from './sign-in-state';
/** The signed-in user (`GET /v1/self/` info) and the authentication status. */
export type { AuthStatus, SelfUser } from './types';
/** The header's account control: «Войти» or the user menu. */
export { AccountMenu } from './account-menu';
/** Account navigation: the phone strip, the sidebar and the list of sections. */
export { ACCOUNT_NAV, AccountNavStrip, AccountSidebar } from './account-nav';
/** «Профиль»: the user's own data, avatar, signed-in devices and sign-out. */
export { ProfilePage } from './profile-page';
/** «Удалить аккаунт» (152-ФЗ): the explanation and the SMS-confirmed dialog; the last block of `/account`. */
export { DeleteAccountSection } from './delete-account-section';
/** The empty state of the messenger account section. */
export { MessengerEmpty } from './account-empty-states';
