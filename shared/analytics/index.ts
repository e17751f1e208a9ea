export * from './figures';
export * from './periods';
export * from './schemas';
export * from './page-views';
