// What other features use of the dashboard besides its api (decision 0059: a feature's public surface).
export { resetDashboardState } from './dashboard-state';
