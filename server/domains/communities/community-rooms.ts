import { COMMUNITY_ROOM_PREFIX } from '../../../shared/communities';
import { watchRooms } from '../../realtime/watch-rooms';

/**
 * The sockets showing a community's hub are in its room (`communities:watch`, joined only by
 * members who may read its content). Every domain writing inside a community pushes its live
 * changes there after commit: new posts, replies, RSVPs, member counts.
 */
export const communityWatchRooms = watchRooms(COMMUNITY_ROOM_PREFIX);
export const communityRoom = communityWatchRooms.room;
