import {
  postVisibilitySchema,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  type PostVisibility,
} from '../../../../shared/posts';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { selectClass, textareaClass, ToggleField } from '../../../components/controls';
import { LabelsInput } from './LabelsInput';
import type { PostFormValues } from './postForm';
import { VISIBILITY_LABEL } from '../my-posts/myPosts';

export interface SettingsFieldsProps {
  values: PostFormValues;
  onChange: (change: Partial<PostFormValues>) => void;
}

function isVisibility(value: string): value is PostVisibility {
  return postVisibilitySchema.safeParse(value).success;
}

/**
 * The settings tab (001 §2): categories, tags, visibility, allow comments, allow sharing, SEO
 * title and SEO description.
 */
export function SettingsFields({ values, onChange }: SettingsFieldsProps) {
  return (
    <div className="grid gap-6">
      <LabelsInput
        kind="category"
        label="Categories"
        labels={values.categories}
        onChange={(categories) => onChange({ categories })}
      />
      <LabelsInput
        kind="tag"
        label="Tags"
        labels={values.tags}
        onChange={(tags) => onChange({ tags })}
      />
      <div className="grid gap-2">
        <Label htmlFor="post-visibility">Visibility</Label>
        <select
          id="post-visibility"
          data-testid="editor-visibility"
          value={values.visibility}
          onChange={(event) => {
            const next = event.target.value;
            if (isVisibility(next)) onChange({ visibility: next });
          }}
          className={selectClass}
        >
          {postVisibilitySchema.options.map((visibility) => (
            <option key={visibility} value={visibility}>
              {VISIBILITY_LABEL[visibility]}
            </option>
          ))}
        </select>
      </div>
      <ToggleField
        label="Allow comments"
        hint="Readers can comment on this post."
        checked={values.allowComments}
        onChange={(allowComments) => onChange({ allowComments })}
      />
      <ToggleField
        label="Allow sharing"
        hint="Readers can share this post."
        checked={values.allowSharing}
        onChange={(allowSharing) => onChange({ allowSharing })}
      />
      <div className="grid gap-2">
        <Label htmlFor="post-seo-title">SEO title</Label>
        <Input
          id="post-seo-title"
          value={values.seoTitle}
          maxLength={SEO_TITLE_MAX}
          onChange={(event) => onChange({ seoTitle: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="post-seo-description">SEO description</Label>
        <textarea
          id="post-seo-description"
          value={values.seoDescription}
          maxLength={SEO_DESCRIPTION_MAX}
          rows={3}
          onChange={(event) => onChange({ seoDescription: event.target.value })}
          className={textareaClass}
        />
      </div>
    </div>
  );
}
