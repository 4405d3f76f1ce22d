import type { RouteObject } from 'react-router';

function Hello() {
  return <h1>landers</h1>;
}

export const routes: RouteObject[] = [{ path: '/pages/terms', element: <Hello /> }];
export default routes;
