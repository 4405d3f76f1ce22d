export { bus, resetBusForTests } from './bus';
export type { EventBus, EventHandler, OnOptions } from './bus';
export type { EventMap, EventName } from '../contracts/events';
