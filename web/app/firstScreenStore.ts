import { signedInSessionSchema } from '../../shared/auth/schemas';
import type { FirstScreenData } from '../../shared/first-screen';
import { commentSchema, homeFeedPageSchema, postSchema } from '../../shared/posts/schemas';
import { conversationSchema } from '../../shared/social/messaging';
import { authApi } from '../features/auth/authApi';
import { messagingApi } from '../features/messaging/messagingApi';
import { postsApi } from '../features/posts/postsApi';
import { postsLoaded } from '../features/posts/postsCache';
import { makeStore, type AppStore } from '../state/store';

/**
 * Puts what a drawn page shows into `store`, as if its requests had just answered (parsed as
 * their answers are), so none is asked for again (rows the page was drawn without are); the post
 * book fills as those answers fill it. The entries are written as they are, without the answers'
 * side effects: the conversation list's acknowledgement of unread messages is sent by the app
 * when its socket connects (the list is read again then), never by the server drawing the page.
 */
export function withFirstScreen(store: AppStore, data: FirstScreenData): void {
  const session = signedInSessionSchema.parse(data.session);
  store.dispatch(
    authApi.util.upsertQueryEntries([
      { endpointName: 'getSession', arg: undefined, value: session },
    ]),
  );
  switch (data.page) {
    case 'home': {
      const feed = homeFeedPageSchema.parse(data.feed);
      store.dispatch(
        postsApi.util.upsertQueryEntries([
          { endpointName: 'getFeed', arg: undefined, value: { pages: [feed], pageParams: [null] } },
        ]),
      );
      store.dispatch(postsLoaded(feed.posts));
      return;
    }
    case 'messages': {
      if (data.conversations === null) return;
      const conversations = conversationSchema.array().parse(data.conversations);
      store.dispatch(
        messagingApi.util.upsertQueryEntries([
          { endpointName: 'getConversations', arg: undefined, value: conversations },
        ]),
      );
      return;
    }
    case 'post': {
      const post = postSchema.parse(data.post);
      store.dispatch(
        postsApi.util.upsertQueryEntries([{ endpointName: 'getPost', arg: post.id, value: post }]),
      );
      if (data.comments !== null) {
        const comments = commentSchema.array().parse(data.comments);
        store.dispatch(
          postsApi.util.upsertQueryEntries([
            { endpointName: 'getComments', arg: post.id, value: comments },
          ]),
        );
      }
      store.dispatch(postsLoaded([post]));
    }
  }
}

export function storeWithFirstScreen(data: FirstScreenData): AppStore {
  const store = makeStore();
  withFirstScreen(store, data);
  return store;
}
