export * from './messages';
export * from './personalize';
export * from './schemas';
export * from './steps';
