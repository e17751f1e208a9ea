export * from './constants';
export * from './messages';
export * from './live';
export * from './refusals';
export * from './reputation';
export * from './schemas';
export * from './tags';
export * from './paths';
