import { sweepEveryEndpoint } from './every-endpoint/sweep';

sweepEveryEndpoint({ index: 1, of: 3 });
