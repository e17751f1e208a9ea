import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { hashtagPath, textSegments, type TextSegment } from '../../../../shared/hashtags/parse';
import type { Mention } from '../../../../shared/mentions';
import { MentionText } from '../../mentions';

function Segment({ segment, mentions }: { segment: TextSegment; mentions: readonly Mention[] }) {
  switch (segment.kind) {
    case 'hashtag':
      return (
        <Link
          to={hashtagPath(segment.tag)}
          className="font-medium text-primary hover:underline focus-visible:underline"
          data-testid="hashtag-link"
        >
          {segment.text}
        </Link>
      );
    case 'text':
      return <MentionText text={segment.text} mentions={mentions} />;
  }
}

/**
 * The text of a post or comment as written, with each hashtag a link to its page and each
 * `@handle` that names a member a link to their profile. The shared parsers decide what is a tag
 * (`textSegments`, as the server does when it indexes the post) and what a mention.
 */
export function PostText({ text, mentions }: { text: string; mentions: readonly Mention[] }) {
  return textSegments(text).map((segment, index) => (
    <Fragment key={index}>
      <Segment segment={segment} mentions={mentions} />
    </Fragment>
  ));
}
