/** What the app uses of traffic: its screen, and a website's views chart for its details. */
export { WebsiteViewsChart } from './components/WebsiteViewsChart.tsx';
export { TrafficPage } from './pages/TrafficPage.tsx';
