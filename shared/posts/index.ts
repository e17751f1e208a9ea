export * from './limits';
export * from './messages';
export * from './reading';
export * from './schemas';
