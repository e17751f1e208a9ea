export * from './friends';
export * from './limits';
export * from './messages';
export * from './messaging';
export * from './notifications';
export * from './people';
