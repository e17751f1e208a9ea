// What other features use of badges; inside the feature, files import each other directly.
export { badgesApi } from './badgesApi';
export { badgesReceived, badgesReset, selectBadges } from './badgesSlice';
export { CountBadge, formatCount } from './CountBadge';
