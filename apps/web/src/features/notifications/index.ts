/** What the rest of the app may use of the notifications: the top bar's bell. */
export { NotificationBell } from './components/NotificationBell.tsx';
