// What other features use of ops; inside the feature, files import each other directly.
export { useFallbackPolling } from './fallbackPolling';
export { OwnerOnly } from './OwnerOnly';
