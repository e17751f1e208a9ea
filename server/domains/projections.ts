import type { Projection } from '../eventstore/projection';
import { usersProjection } from './auth/users-projection';
import { badgesProjection } from './badges/badges-projection';

/** Every inline projection, in the order they run for each event. */
export const projections: Projection[] = [usersProjection, badgesProjection];
