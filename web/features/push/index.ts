// What other features use of push; inside the feature, files import each other directly.
export { unsubscribeBrowser } from './browserPush';
export { PushDevicesPanel } from './PushDevicesPanel';
