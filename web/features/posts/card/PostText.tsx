import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { hashtagPath, textSegments, type TextSegment } from '../../../../shared/hashtags/parse';

function Segment({ segment }: { segment: TextSegment }) {
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
      return segment.text;
  }
}

/**
 * The text of a post or comment as written, with each hashtag a link to its page. The shared
 * parser (`textSegments`) decides what is a tag, as the server does when it indexes the post;
 * another kind of segment (mentions) is one more case of `Segment`.
 */
export function PostText({ text }: { text: string }) {
  return textSegments(text).map((segment, index) => (
    <Fragment key={index}>
      <Segment segment={segment} />
    </Fragment>
  ));
}
