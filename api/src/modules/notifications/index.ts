/**
 * The notifications module's public face: other modules, app.ts and server.ts import
 * notifications only through this file (docs/architecture.md, "Module boundaries").
 */
export { default } from './routes';

export { messageNotifier } from './message-notifier';
export { getPreferences, updatePreferences } from './preferences';
export { notifyMember, notifyReleased, setUserLoader } from './service';
export { saveSubscription } from './subscriptions';
export { addDisabledReason } from './unsubscribe';
