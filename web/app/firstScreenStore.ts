import { signedInSessionSchema } from '../../shared/auth/schemas';
import type { FirstScreenData } from '../../shared/first-screen';
import { homeFeedPageSchema } from '../../shared/posts/schemas';
import { authApi } from '../features/auth/authApi';
import { postsApi } from '../features/posts/postsApi';
import { makeStore, type AppStore } from '../state/store';

/**
 * Puts what a drawn first screen shows into `store`, as if the session and the first feed page
 * had just answered (parsed as their answers are): the cards' post book fills as it would
 * (`getFeed`'s `onQueryStarted`), and neither is asked for again.
 */
export async function withFirstScreen(store: AppStore, data: FirstScreenData): Promise<void> {
  const session = signedInSessionSchema.parse(data.session);
  const feed = homeFeedPageSchema.parse(data.feed);
  await store.dispatch(authApi.util.upsertQueryData('getSession', undefined, session));
  await store.dispatch(
    postsApi.util.upsertQueryData('getFeed', undefined, { pages: [feed], pageParams: [null] }),
  );
}

export async function storeWithFirstScreen(data: FirstScreenData): Promise<AppStore> {
  const store = makeStore();
  await withFirstScreen(store, data);
  return store;
}
