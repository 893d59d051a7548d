export * from './alert-backtest.ts';
export * from './alert-history.ts';
export * from './alert-push.ts';
