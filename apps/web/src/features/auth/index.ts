/** What the rest of the app may use of signing in and out: the sidebar's Logout. */
export { useLogout } from './api/logout.ts';
