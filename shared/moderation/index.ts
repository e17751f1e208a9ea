export * from './live';
export * from './messages';
export * from './schemas';
