import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { useCreatePostMutation } from '../../posts';
import { failureText } from './stepFailure';
import type { StepProps } from './stepProps';

/** Publishes a first public post with the posts API. */
export function FirstPostStep({ formId, onDone, setBusy }: StepProps) {
  const [title, setTitle] = useState('Hello, Agora!');
  const [content, setContent] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [createPost] = useCreatePostMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await createPost({ title, content, status: 'published', visibility: 'public' }).unwrap();
      await onDone();
    } catch (error) {
      setFailure(failureText(error, 'Failed to publish your post'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={formId} onSubmit={submit} className="grid gap-4">
      <TextField
        id="first-post-title"
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="grid gap-2">
        <Label htmlFor="first-post-content">What would you like to say?</Label>
        <textarea
          id="first-post-content"
          rows={4}
          placeholder="Say hello to the community"
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring/40"
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
    </form>
  );
}
