/** What the app uses of the event subscriptions: the admin's screen. */
export { EventSubscriptionsPage } from './pages/EventSubscriptionsPage.tsx';
