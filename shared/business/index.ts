export * from './constants';
export * from './fields';
export * from './figures';
export * from './messages';
export * from './schemas';
