import { sweepEveryEndpoint } from './every-endpoint/sweep';

sweepEveryEndpoint({ index: 2, of: 3 });
