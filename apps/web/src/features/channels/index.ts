/** What the app uses of the channels: their screen and the social apps' screen. */
export { ChannelsPage } from './pages/ChannelsPage.tsx';
export { SocialAppsPage } from './pages/SocialAppsPage.tsx';
