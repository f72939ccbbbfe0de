/** Public face of the notifications feature (spec §4, §8). */
/** The header bell (socket, list, toasts) and the profile page's settings section, each loaded as a chunk. */
export { NotificationBell, NotificationSettingsSection } from './lazy';
