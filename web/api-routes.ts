import type { Plugin } from 'vite';
// Relative, not the package's name: Vite bundles a config's relative imports (TypeScript) and
// leaves a package's to Node, which does not read TypeScript.
import { routesOf } from '../contracts/src/endpoint.ts';
import { endpoints } from '../contracts/src/endpoints/index.ts';

const id = 'virtual:api-routes';

/**
 * Decision 0096: the module `virtual:api-routes`, the contracts' endpoint table without its
 * schemas (key, method, path, whether a file is answered), written as JSON when the app is built.
 * The web app calls the API through it (src/lib/routes.ts), so that no page loads zod and the
 * schemas of every area it calls only to read a path.
 */
export function apiRoutes(): Plugin {
  return {
    name: 'letokruh-api-routes',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (loaded) =>
      loaded === `\0${id}` ? `export default ${JSON.stringify(routesOf(endpoints))};` : null,
  };
}
