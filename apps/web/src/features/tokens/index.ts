/** What the app uses of the API tokens: the profile's tab and the admin's screen. */
export { TokensTab } from './components/TokensTab.tsx';
export { TokensPage } from './pages/TokensPage.tsx';
