/**
 * What the first signed-in navigation sets up, in one script loaded then (not with the login
 * page): the menu and its routes, and the server's event stream.
 */
export { loadMenuRoutes } from './load-menu';
export { newRouteObjects, preloadMenuPage, preloadRememberedPage } from './menu-route-objects';
export { startServerEvents } from './server-events';
