/**
 * The pages users land on (decision 0100): the dashboard after an office sign-in, "Můj den" for a
 * driver and the installed app. The build's head script asks for their code (`modules`, named by
 * file) and the answers their first screen waits for (`answers`: GETs without parameters that
 * answer the signed-in user alone) while index.html is parsed. A page `drawnOnServer` comes drawn
 * in the HTML with those answers (decision 0103): the server asks them of itself and draws the
 * page in a worker thread from the very components the browser then hydrates.
 */
export const landingPages: Record<string, { modules: string[]; answers: string[]; drawnOnServer?: true }> = {
  '/dashboard': {
    modules: [
      'src/app/app-frame.tsx',
      'src/features/dashboard/dashboard-page.tsx',
      'src/features/dashboard/week-grid.tsx',
    ],
    answers: ['/api/auth/user', '/api/config', '/api/warehouses/own'],
  },
  '/driver': {
    modules: ['src/app/app-frame.tsx', 'src/features/driver/driver-day-page.tsx'],
    answers: ['/api/auth/user', '/api/config', '/api/driver/day'],
    drawnOnServer: true,
  },
};
