// Chart.js with only the parts the dashboard draws (bars, their axes and tooltips), registered once. Loaded by a
// dynamic import from dashboard-chart.tsx only, so that it is its own chunk, fetched on the dashboard and never by
// the home page.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
