/** What the app uses of traffic: its screen, and the views charts of a website and of a post. */
export { PostViewsChart, WebsiteViewsChart } from './components/ViewsChart.tsx';
export { TrafficPage } from './pages/TrafficPage.tsx';
