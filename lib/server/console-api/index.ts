import 'server-only';

// The public face of lib/server/console-api: other folders import from here, not from its files.
export { runAction } from './action';
export { consoleRoute, openRoute } from './route';
export { serverContext, type ServerContext } from './context';
