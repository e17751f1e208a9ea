import { sweepEveryEndpoint } from './every-endpoint/sweep';

sweepEveryEndpoint({ index: 0, of: 3 });
